/**
 * A pure function of a string, remembered: `compute` runs once per distinct
 * key, and the memo holds at most `limit` of them. Past the limit it starts
 * over rather than tracking use: the keys come from clients (a query string,
 * a path segment, a Host header), who may send endless distinct ones, while
 * real traffic repeats a few.
 */
export function memoizeText<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      if (memo.size >= limit) memo.clear();
      memo.set(key, value);
    }
    return value as T;
  };
}

/**
 * Encoded bodies remembered by a key that names their exact bytes (a strong entity tag), within a
 * byte budget; a body over `maxEntryBytes` is never kept, and past the budget the memo starts over,
 * as memoizeText does. The bytes are shared by every answer that sends them, so nothing may write
 * to them. Serves the search and since targets of bench:load (bench/RESULTS.md, "Why the byte memo").
 */
export function memoizeBytes(options: {
  maxBytes: number;
  maxEntryBytes: number;
}): (key: string, encode: () => Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> {
  const memo = new Map<string, Uint8Array<ArrayBuffer>>();
  let held = 0;
  return (key, encode) => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const bytes = encode();
    if (bytes.byteLength > options.maxEntryBytes) return bytes;
    if (held + bytes.byteLength > options.maxBytes) {
      memo.clear();
      held = 0;
    }
    memo.set(key, bytes);
    held += bytes.byteLength;
    return bytes;
  };
}
