import type { FilterDefinition } from '../../../generated/resources/types.ts';

/**
 * Label of an enum value that the contract gives no x-enum-labels for: as people read it
 * ('email_sent' -> 'Email sent'; upper-case codes such as 'HRIS' stay).
 */
export function choiceLabel(choice: string | number | boolean): string {
  const text = String(choice);
  if (text === 'all') return 'All';
  if (/^[A-Z0-9_]+$/.test(text)) return text.replace(/_/g, ' ');
  const spaced = text.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The label of one of a filter's enum values: the contract's x-enum-labels, else choiceLabel. */
export function labelOfChoice(filter: FilterDefinition, choice: string | number | boolean): string {
  return filter.choiceLabels?.[String(choice)] ?? choiceLabel(choice);
}
