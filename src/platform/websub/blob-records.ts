import type { Store } from "@netlify/blobs";

/**
 * Conditional (compare-and-set) access to JSON records in Netlify Blobs.
 *
 * The local Blobs server sends no ETag on reads (platform-notes.md), and a
 * conditional write given `onlyIfMatch: undefined` silently overwrites. So a
 * record is never written with a missing ETag: when a read carries none, the
 * ETag comes from a listing taken *before* the read. If the record changed
 * in between, the read is newer than the ETag and the write fails safely.
 */
export class HubStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HubStorageError";
  }
}

export interface VersionedRecord {
  value: unknown;
  /** null only when the key does not exist. */
  etag: string | null;
}

async function listEtag(store: Store, key: string): Promise<string | null> {
  const { blobs } = await store.list({ prefix: key });
  return blobs.find((blob) => blob.key === key)?.etag ?? null;
}

// On Netlify reads carry an ETag and the listing below is skipped; locally they do not. Which one
// applies is learned from the first read, so production never pays for the extra listing.
let readsCarryEtag: boolean | undefined;

/** Reads a JSON record with the ETag a conditional write needs (`listedEtag`: one a listing just gave). */
export async function readVersioned(store: Store, key: string, listedEtag?: string): Promise<VersionedRecord> {
  let hint = listedEtag;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = hint ?? (readsCarryEtag === true ? null : await listEtag(store, key));
    hint = undefined;
    const result = await store.getWithMetadata(key, { type: "json" });
    if (result === null) return { value: null, etag: null };
    readsCarryEtag ??= result.etag !== undefined;
    const etag = result.etag ?? before;
    if (etag !== null && etag !== "") return { value: result.data as unknown, etag };
    // The key was created between the listing and the read: list again.
    await backoff(attempt);
  }
  throw new HubStorageError(`Blobs gave no ETag for ${key}; refusing an unconditional write.`);
}

/**
 * Writes `next` only if the key still holds the version read (`etag`), or
 * does not exist yet (`etag === null`). Returns whether it was written.
 */
export async function writeIfUnchanged(store: Store, key: string, etag: string | null, next: unknown): Promise<boolean> {
  const result = etag === null ? await store.setJSON(key, next, { onlyIfNew: true }) : await store.setJSON(key, next, { onlyIfMatch: etag });
  return result.modified;
}

const MAX_ATTEMPTS = 40;

/** Jittered exponential backoff between conflicting attempts: about 2 ms doubling up to 250 ms. */
export function backoff(attempt: number): Promise<void> {
  const ceiling = Math.min(250, 2 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

const keyLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `task` while no other task of this process holds `key`. The local
 * Blobs server checks a write's condition and then writes in separate steps,
 * so two concurrent conditional writes can both succeed there (the platform
 * applies them atomically). Serializing one process's read-decide-write per
 * key keeps local runs exact; across processes the compare-and-set remains
 * the guard, and the scheduled recount repairs what a local race skews.
 */
export async function withKeyLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = keyLocks.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  keyLocks.set(key, settled);
  try {
    return await run;
  } finally {
    if (keyLocks.get(key) === settled) keyLocks.delete(key);
  }
}

/**
 * Read-decide-write with retry: `decide` sees the current value and returns
 * the value to store, or no `next` to leave it as it is. Conflicts (another
 * writer in between) re-read and decide again after a jittered backoff.
 */
export function updateRecord<T>(
  store: Store,
  key: string,
  decide: (current: unknown) => { next: unknown; result: T } | { next?: undefined; result: T },
  knownEtag?: string,
): Promise<T> {
  return withKeyLock(key, async () => {
    let etagHint = knownEtag;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await readVersioned(store, key, etagHint);
      etagHint = undefined;
      const decision = decide(current.value);
      if (decision.next === undefined) return decision.result;
      if (await writeIfUnchanged(store, key, current.etag, decision.next)) return decision.result;
      await backoff(attempt);
    }
    throw new HubStorageError(`Gave up writing ${key} after ${MAX_ATTEMPTS} conflicting attempts.`);
  });
}
