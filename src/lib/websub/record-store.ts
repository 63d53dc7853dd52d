/**
 * The hub's storage port: JSON records and byte blobs in one key-value store, where every change is
 * a compare-and-set on the record's ETag, so concurrent instances cannot lose each other's updates
 * (docs/design.md: "Subscription state survives restarts and concurrent requests"). Implemented
 * on Blobs (src/platform/websub/blobs-record-store.ts) and in memory for unit tests; one contract
 * test runs against both. Values are `unknown`: each is validated when read, never trusted.
 */
export interface VersionedRecord {
  /** The stored JSON value, or null when the key does not exist. */
  value: unknown;
  /** The version a conditional write must match; null only when the key does not exist. */
  etag: string | null;
}

/** One key of a listing, with the ETag of the version listed. */
export interface ListedRecord {
  key: string;
  etag: string;
}

export interface RecordStore {
  /** The JSON value at `key`, or null. A plain read, for decisions that need no write. */
  get: (key: string) => Promise<unknown>;
  /**
   * The JSON value with its ETag. `listedEtag` is an ETag a listing just
   * gave for `key`; a store whose reads carry no ETag may use it instead of
   * listing again (a stale one only makes the next write fail safely).
   */
  getVersioned: (key: string, listedEtag?: string) => Promise<VersionedRecord>;
  /** Writes `value` only if `key` still holds version `etag`. A failed condition returns false; it does not throw. */
  setIfMatch: (key: string, value: unknown, etag: string) => Promise<boolean>;
  /** Writes `value` only if `key` does not exist. A failed condition returns false; it does not throw. */
  setIfAbsent: (key: string, value: unknown) => Promise<boolean>;
  /** The bytes at `key` (topic content), or null. */
  getBytes: (key: string) => Promise<Uint8Array | null>;
  /** Writes bytes unconditionally (content is stored under its own hash, so racing writers write the same bytes). */
  setBytes: (key: string, bytes: Uint8Array) => Promise<void>;
  /** Deletes `key`; deleting a missing key is not an error. */
  delete: (key: string) => Promise<void>;
  /** Every key that starts with `prefix`, with its ETag, a page at a time (memory stays bounded by a page). */
  list: (prefix: string) => AsyncIterable<ListedRecord[]>;
}

/** The store failed in a way a retry by the caller will not fix by itself (no ETag, endless conflicts). */
export class HubStorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HubStorageError";
  }
}
