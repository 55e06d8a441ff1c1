import type { EventRef, WebhookSubCategory, WebhookTestProgress } from './types.ts';

// Events are tested one by one, tab by tab: after each one the modal moves on to the next event
// still untested, so Send event can be pressed until the progress bar is full.

/** Every event of the category, tab by tab, in display order. */
export const allEvents = (subCategories: readonly WebhookSubCategory[]): EventRef[] =>
  subCategories.flatMap((sub) => sub.eventDetails.map((detail) => ({ subCategory: sub.value, eventType: detail.eventType })));

export const sameEvent = (a: EventRef | null | undefined, b: EventRef | null | undefined): boolean =>
  !!a && !!b && a.subCategory === b.subCategory && a.eventType === b.eventType;

export const isTested = (progress: WebhookTestProgress | null, event: EventRef): boolean =>
  !!progress?.tested.some((tested) => sameEvent(tested, event));

/**
 * The first untested event from `from` on (wrapping around), else `from` itself, else the first
 * event: what Send event sends next.
 */
export function nextUntested(subCategories: readonly WebhookSubCategory[], progress: WebhookTestProgress | null, from: EventRef | null): EventRef | null {
  const events = allEvents(subCategories);
  const start = Math.max(0, events.findIndex((event) => sameEvent(event, from)));
  const ordered = [...events.slice(start), ...events.slice(0, start)];
  return ordered.find((event) => !isTested(progress, event)) ?? events[start] ?? null;
}

/** The event a tab selects when opened: its first untested event, else its first. */
export function firstOfTab(subCategories: readonly WebhookSubCategory[], progress: WebhookTestProgress | null, subCategory: string): EventRef | null {
  const tab = subCategories.find((sub) => sub.value === subCategory);
  if (!tab) return null;
  const events = tab.eventDetails.map((detail) => ({ subCategory, eventType: detail.eventType }));
  return events.find((event) => !isTested(progress, event)) ?? events[0] ?? null;
}
