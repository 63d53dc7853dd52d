/**
 * Runs `worker` over `items` with at most `concurrency` in flight. Items
 * come from an iterator, so a caller can feed one page at a time and memory
 * stays bounded by the page, not the whole list.
 */
export async function runPool<T>(items: Iterable<T>, concurrency: number, worker: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const lane = async (): Promise<void> => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await worker(next.value);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}
