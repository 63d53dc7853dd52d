/**
 * In-process mutual exclusion per key: `withKeyLock(key, task)` runs `task`
 * once no other task of this lock set holds `key`. Each caller makes its
 * own set, so a task holding a key in one set can use the same key in
 * another set without waiting for itself.
 */
export type KeyLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyLocks(): KeyLock {
  const held = new Map<string, Promise<unknown>>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = held.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    held.set(key, settled);
    try {
      return await run;
    } finally {
      if (held.get(key) === settled) held.delete(key);
    }
  };
}
