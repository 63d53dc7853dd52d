import type { HubLimits } from "./hub-limits.ts";
import { COUNTER_PREFIX, hostCountKey, TOTAL_COUNT_KEY } from "./keys.ts";
import type { RecordStore } from "./record-store.ts";
import { updateRecord, writeIfUnchanged, type StoreAccess } from "./records.ts";

/**
 * Counters behind the subscription caps (docs/websub.md, "Caps"): one for
 * all active subscriptions and one per callback host, each a small JSON
 * record updated by compare-and-set. A place is reserved before a
 * subscription is created and released when it is removed; the scheduled
 * function recounts, so a crash between the two writes cannot leak places.
 */
export type CapName = "host" | "total";

const readCount = (value: unknown): number =>
  typeof value === "object" && value !== null && typeof (value as { count?: unknown }).count === "number" ? (value as { count: number }).count : 0;

async function bump(access: StoreAccess, key: string, delta: number, max: number): Promise<boolean> {
  return updateRecord(access, key, (current) => {
    const count = readCount(current);
    if (delta > 0 && count + delta > max) return { result: false };
    return { next: { count: Math.max(0, count + delta) }, result: true };
  });
}

/** Takes one place under both caps; returns the cap that is full, or null when the place is taken. */
export async function reservePlace(access: StoreAccess, host: string, limits: HubLimits): Promise<CapName | null> {
  if (!(await bump(access, TOTAL_COUNT_KEY, 1, limits.maxSubscriptionsTotal))) return "total";
  let taken = false;
  try {
    taken = await bump(access, hostCountKey(host), 1, limits.maxSubscriptionsPerHost);
  } finally {
    if (!taken) await bump(access, TOTAL_COUNT_KEY, -1, Infinity);
  }
  return taken ? null : "host";
}

export async function releasePlace(access: StoreAccess, host: string): Promise<void> {
  await bump(access, hostCountKey(host), -1, Infinity);
  await bump(access, TOTAL_COUNT_KEY, -1, Infinity);
}

/** Which cap would refuse a new subscription for `host` right now (a cheap early answer; reservePlace decides). */
export async function findFullCap(store: RecordStore, host: string, limits: HubLimits): Promise<CapName | null> {
  const [total, perHost] = await Promise.all([store.get(TOTAL_COUNT_KEY), store.get(hostCountKey(host))]);
  if (readCount(total) >= limits.maxSubscriptionsTotal) return "total";
  if (readCount(perHost) >= limits.maxSubscriptionsPerHost) return "host";
  return null;
}

/** The counters as a listing saw them, taken before a recount. */
export async function snapshotCounters(store: RecordStore): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  for await (const page of store.list(COUNTER_PREFIX)) {
    for (const listed of page) etags.set(listed.key, listed.etag);
  }
  return etags;
}

/**
 * Writes recounted values, each only if its counter did not change since
 * the snapshot (a counter that moved is left for the next run).
 */
export async function reconcileCounters(store: RecordStore, snapshot: Map<string, string>, perHost: Map<string, number>, total: number): Promise<number> {
  const wanted = new Map<string, number>([[TOTAL_COUNT_KEY, total]]);
  for (const [host, count] of perHost) wanted.set(hostCountKey(host), count);
  for (const key of snapshot.keys()) if (!wanted.has(key)) wanted.set(key, 0);
  let fixed = 0;
  for (const [key, count] of wanted) {
    const etag = snapshot.get(key) ?? null;
    const stored = etag === null ? 0 : readCount(await store.get(key));
    if (stored === count) continue;
    if (await writeIfUnchanged(store, key, etag, { count })) fixed++;
  }
  return fixed;
}
