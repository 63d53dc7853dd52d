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
