import type { ListedRecord, RecordStore, VersionedRecord } from "../../src/lib/websub/record-store.ts";

/**
 * The hub's record store in memory, for unit tests of the workflow: the
 * same port as the Netlify Blobs adapter, with real ETag semantics. Every
 * write gets a new strong ETag, reads carry it, conditional writes are
 * atomic and a failed condition returns false. Values go through JSON as
 * they do in Blobs, so a caller never shares an object with the store.
 * The contract test (test/platform/websub/record-store-contract.test.ts)
 * holds it to the same cases as the adapter.
 */
export interface MemoryRecordStore extends RecordStore {
  /** Keys currently stored, sorted. */
  keys: () => string[];
}

interface Entry {
  bytes: Uint8Array;
  etag: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function createMemoryRecordStore(options: { pageSize?: number } = {}): MemoryRecordStore {
  const pageSize = options.pageSize ?? 100;
  const entries = new Map<string, Entry>();
  let writes = 0;
  const put = (key: string, bytes: Uint8Array) => entries.set(key, { bytes, etag: `"m${++writes}"` });
  const toJson = (value: unknown) => encoder.encode(JSON.stringify(value));
  const parse = (entry: Entry | undefined): unknown => (entry === undefined ? null : (JSON.parse(decoder.decode(entry.bytes)) as unknown));

  async function* pages(prefix: string): AsyncGenerator<ListedRecord[]> {
    const listed = [...entries].filter(([key]) => key.startsWith(prefix)).map(([key, entry]) => ({ key, etag: entry.etag }));
    listed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (let start = 0; start < listed.length; start += pageSize) yield listed.slice(start, start + pageSize);
  }

  return {
    get: async (key) => parse(entries.get(key)),
    getVersioned: async (key): Promise<VersionedRecord> => {
      const entry = entries.get(key);
      return { value: parse(entry), etag: entry?.etag ?? null };
    },
    setIfMatch: async (key, value, etag) => {
      if (entries.get(key)?.etag !== etag) return false;
      put(key, toJson(value));
      return true;
    },
    setIfAbsent: async (key, value) => {
      if (entries.has(key)) return false;
      put(key, toJson(value));
      return true;
    },
    getBytes: async (key) => {
      const entry = entries.get(key);
      return entry === undefined ? null : entry.bytes.slice();
    },
    setBytes: async (key, bytes) => {
      put(key, bytes.slice());
    },
    delete: async (key) => {
      entries.delete(key);
    },
    list: (prefix) => pages(prefix),
    keys: () => [...entries.keys()].sort(),
  };
}
