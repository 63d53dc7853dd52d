import { createKeyLocks } from "./key-locks.ts";
import { HubStorageError, type RecordStore } from "./record-store.ts";

/** What compare-and-set needs: the store, and a way to wait between conflicting attempts (injected: src/lib keeps no timers). */
export interface StoreAccess {
  store: RecordStore;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Writes `next` only if the key still holds the version read (`etag`), or
 * does not exist yet (`etag === null`). Returns whether it was written.
 */
export function writeIfUnchanged(store: RecordStore, key: string, etag: string | null, next: unknown): Promise<boolean> {
  return etag === null ? store.setIfAbsent(key, next) : store.setIfMatch(key, next, etag);
}

export const MAX_ATTEMPTS = 40;

/** Jittered exponential backoff between conflicting attempts: about 2 ms doubling up to 250 ms. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(250, 2 * 2 ** attempt);
}

/**
 * Serializes this process's read-decide-write cycles per key: concurrent
 * requests in one instance then queue instead of conflicting and backing
 * off. Across instances the compare-and-set remains the guard, and the
 * scheduled recount repairs what a race skews.
 */
export const withKeyLock = createKeyLocks();

export type Decision<T> = { next: unknown; result: T } | { next?: undefined; result: T };

/**
 * Read-decide-write with retry: `decide` sees the current value and returns
 * the value to store, or no `next` to leave it as it is. Conflicts (another
 * writer in between) re-read and decide again after a jittered backoff.
 */
export function updateRecord<T>(access: StoreAccess, key: string, decide: (current: unknown) => Decision<T>, knownEtag?: string): Promise<T> {
  return withKeyLock(key, async () => {
    let etagHint = knownEtag;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await access.store.getVersioned(key, etagHint);
      etagHint = undefined;
      const decision = decide(current.value);
      if (decision.next === undefined) return decision.result;
      if (await writeIfUnchanged(access.store, key, current.etag, decision.next)) return decision.result;
      await access.sleep(backoffMs(attempt));
    }
    throw new HubStorageError(`Gave up writing ${key} after ${MAX_ATTEMPTS} conflicting attempts.`);
  });
}
