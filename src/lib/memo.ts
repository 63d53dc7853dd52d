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
 * Encoded bodies remembered by a key that names their exact bytes (a strong
 * entity tag), within a budget of bytes. A body larger than `maxEntryBytes`
 * is never kept; past the budget the memo starts over rather than tracking
 * use, as memoizeText does: clients choose the keys, real traffic repeats
 * a few. The bytes are shared by every answer that sends them, so nothing
 * may write to them (a Response reads or copies its body; none transfers it).
 *
 * Why: a 31 KB since answer encoded afresh costs a new buffer and a copy on
 * every request, and under load the server spent a third less CPU per
 * answer once the same bytes were sent again (bench/RESULTS.md, "Sustained
 * load").
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
