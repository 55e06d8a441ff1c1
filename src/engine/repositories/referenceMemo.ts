// Reference data (the catalog: categories, apps, data models) is written only by
// seedReferenceData when an engine starts, never by a request. Reads of it that every list page
// repeats are kept per database handle for the life of the process; the seed forgets them.
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

export function memoReference<T>(db: object, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  memo.set(key, loading);
  // A failed read is not kept: the next call tries again.
  loading.catch(() => memo.delete(key));
  return loading;
}

export function forgetReference(db: object): void {
  memos.delete(db);
}
