/**
 * Something several vitest projects' global setups share (they all run in vitest's one main
 * process): the first call starts it, and the last teardown stops it.
 */
export function acquireShared<T>(name: string, start: () => T, stop: (value: T) => Promise<void>): { value: T; release: () => Promise<void> } {
  const key = Symbol.for(`keystone-reviews.${name}`);
  const registry = globalThis as { [key: symbol]: { value: T; users: number } | undefined };
  const shared = (registry[key] ??= { value: start(), users: 0 });
  shared.users += 1;
  const release = async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    await stop(shared.value);
  };
  return { value: shared.value, release };
}
