import { setTimeout as sleep } from "node:timers/promises";
import type { Store } from "@netlify/blobs";
import { createKeyLocks } from "../../lib/websub/key-locks.ts";
import { HubStorageError, type ListedRecord, type RecordStore, type VersionedRecord } from "../../lib/websub/record-store.ts";

/**
 * The hub's record store (src/lib/websub/record-store.ts) on Netlify Blobs, with the local Blobs
 * server's quirks handled here only (docs/websub.md, "Storage and consistency"):
 * - reads carry no ETag: it comes from a listing made before the read, and nothing is written without one;
 * - a failed conditional write returns `{ modified: false }` instead of throwing;
 * - its check and write are separate steps: one process's conditional writes of a key go one at a time;
 * - its ETags have millisecond resolution: the next write of a key waits for a later millisecond.
 */

// On Netlify reads carry an ETag and the listing below is skipped; locally they do not. Which one
// applies is learned from the first read, so production never pays for the extra listing.
let readsCarryEtag: boolean | undefined;

// Per process, not per adapter: production makes a context (and an adapter) per request.
const withWriteLock = createKeyLocks();

const isUsableEtag = (etag: string | null | undefined): etag is string => typeof etag === "string" && etag !== "";

async function listEtag(store: Store, key: string): Promise<string | null> {
  const { blobs } = await store.list({ prefix: key });
  return blobs.find((blob) => blob.key === key)?.etag ?? null;
}

/** Jittered exponential backoff: about 2 ms doubling up to 250 ms. */
const backoff = (attempt: number): Promise<unknown> => sleep(Math.random() * Math.min(250, 2 * 2 ** attempt));

async function readVersioned(store: Store, key: string, listedEtag?: string): Promise<VersionedRecord> {
  let hint = listedEtag;
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = hint ?? (readsCarryEtag === true ? null : await listEtag(store, key));
    hint = undefined;
    const result = await store.getWithMetadata(key, { type: "json" });
    if (result === null) return { value: null, etag: null };
    readsCarryEtag ??= isUsableEtag(result.etag);
    const etag = isUsableEtag(result.etag) ? result.etag : before;
    if (isUsableEtag(etag)) return { value: result.data as unknown, etag };
    // The key was created between the listing and the read: list again.
    await backoff(attempt);
  }
  throw new HubStorageError(`Blobs gave no ETag for ${key}; refusing an unconditional write.`);
}

async function* listPages(store: Store, prefix: string): AsyncGenerator<ListedRecord[]> {
  for await (const page of store.list({ prefix, paginate: true })) yield page.blobs.map(({ key, etag }) => ({ key, etag }));
}

/** A little over the local server's ETag resolution (1 ms). */
const MTIME_GAP_MS = 2;

/** One conditional write; the caller gets its answer at once, while the next write of the key may still wait out the gap. */
function writeConditionally(store: Store, key: string, value: unknown, condition: { onlyIfMatch: string } | { onlyIfNew: true }): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    void withWriteLock(key, async () => {
      let modified: boolean;
      try {
        ({ modified } = await store.setJSON(key, value, condition));
      } catch (error) {
        reject(error);
        return;
      }
      resolve(modified);
      if (modified && readsCarryEtag !== true) await sleep(MTIME_GAP_MS);
    });
  });
}

export function createBlobsRecordStore(store: Store): RecordStore {
  return {
    get: (key) => store.get(key, { type: "json" }) as Promise<unknown>,
    getVersioned: (key, listedEtag) => readVersioned(store, key, isUsableEtag(listedEtag) ? listedEtag : undefined),
    setIfMatch: (key, value, etag) => {
      if (!isUsableEtag(etag)) return Promise.reject(new HubStorageError(`No ETag to match for ${key}; refusing an unconditional write.`));
      return writeConditionally(store, key, value, { onlyIfMatch: etag });
    },
    setIfAbsent: (key, value) => writeConditionally(store, key, value, { onlyIfNew: true }),
    getBytes: async (key) => {
      const data = await store.get(key, { type: "arrayBuffer" });
      return data === null ? null : new Uint8Array(data);
    },
    setBytes: async (key, bytes) => {
      await store.set(key, bytes.slice().buffer);
    },
    delete: (key) => store.delete(key),
    list: (prefix) => listPages(store, prefix),
  };
}
