import { categoryLabels } from '../../../generated/labels.ts';
import type { Category } from '../../../shared/categories.ts';

// Pure helpers of the category charts (home card, accounts summary): labels, colours and the
// slices of a category -> count map, kept out of the components so they are tested as functions.

/** One colour per category, stable across screens. */
const CATEGORY_COLORS: Readonly<Record<Category, string>> = {
  HRIS: '#4F46E5',
  ATS: '#0EA5E9',
  ACCOUNTING: '#16A34A',
  CRM: '#F59E0B',
  COMMS: '#EC4899',
  ASSESSMENT: '#8B5CF6',
  TICKETING: '#EF4444',
  MEETING: '#14B8A6',
  E_SIGN: '#F97316',
  EMAIL: '#6366F1',
  STORAGE: '#84CC16',
  CALENDAR: '#06B6D4',
  EXPENSES: '#A855F7',
  SUBSCRIPTION_MANAGEMENT: '#64748B',
};

const FALLBACK_COLORS = ['#94A3B8', '#A3A3A3', '#78716C'];

function categoryColor(category: string, index = 0): string {
  return CATEGORY_COLORS[category as Category] ?? FALLBACK_COLORS[index % FALLBACK_COLORS.length] ?? '#94A3B8';
}

/** A category value as people read it: the server's label, else the contract's, else the value itself. */
export function categoryLabel(value: string, labels?: Readonly<Record<string, string>>): string {
  return labels?.[value] || categoryLabels[value as Category] || value;
}

export interface CategorySlice {
  category: string;
  label: string;
  count: number;
  color: string;
}

/** The non-empty slices of a category -> count map, largest first (ties by label). */
export function categorySlices(counts: Readonly<Record<string, number>> | undefined, labels?: Readonly<Record<string, string>>): CategorySlice[] {
  return Object.entries(counts ?? {})
    .filter(([, count]) => typeof count === 'number' && count > 0)
    .map(([category, count], index) => ({ category, label: categoryLabel(category, labels), count, color: categoryColor(category, index) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
