import { describe, expect, it } from "vitest";
import { findFullCap, releasePlace, reservePlace } from "../../../src/lib/websub/counters.ts";
import { HUB_LIMITS } from "../../../src/lib/websub/hub-limits.ts";
import { hostCountKey, topicContentKey, topicStateKey, TOTAL_COUNT_KEY } from "../../../src/lib/websub/keys.ts";
import { HubStorageError, type RecordStore } from "../../../src/lib/websub/record-store.ts";
import { MAX_ATTEMPTS, updateRecord, writeIfUnchanged, type StoreAccess } from "../../../src/lib/websub/records.ts";
import { readTopicContent, readTopicState, recordTopicContent } from "../../../src/lib/websub/topic-store.ts";
import { createMemoryRecordStore } from "../../support/memory-record-store.ts";

const noWait = async () => undefined;
const access = (store: RecordStore = createMemoryRecordStore()): StoreAccess => ({ store, sleep: noWait });
const bytes = (text: string) => new TextEncoder().encode(text);

/** A store where another writer changes `key` right after each of the first `times` versioned reads. */
function withInterloper(store: RecordStore, key: string, times: number): RecordStore & { reads: () => number } {
  let reads = 0;
  return {
    ...store,
    reads: () => reads,
    getVersioned: async (k, listed) => {
      const read = await store.getVersioned(k, listed);
      if (k === key && reads++ < times) await writeIfUnchanged(store, k, read.etag, { count: 100 + reads });
      return read;
    },
  };
}

describe("compare-and-set over the record store", () => {
  it("writes to a missing key only when it is still missing, and to an existing one only at the version read", async () => {
    const store = createMemoryRecordStore();
    expect(await writeIfUnchanged(store, "k", null, { v: 1 })).toBe(true);
    expect(await writeIfUnchanged(store, "k", null, { v: 2 })).toBe(false);
    const { etag } = await store.getVersioned("k");
    expect(await writeIfUnchanged(store, "k", etag, { v: 3 })).toBe(true);
    expect(await writeIfUnchanged(store, "k", etag, { v: 4 })).toBe(false);
    expect(await store.get("k")).toEqual({ v: 3 });
  });

  it("re-reads and decides again when another writer got in between", async () => {
    const store = withInterloper(createMemoryRecordStore(), "count/total", 2);
    const seen: unknown[] = [];
    const result = await updateRecord(access(store), "count/total", (current) => {
      seen.push(current);
      return { next: { count: ((current as { count?: number } | null)?.count ?? 0) + 1 }, result: "done" };
    });
    expect(result).toBe("done");
    expect(seen).toEqual([null, { count: 101 }, { count: 102 }]);
    expect(await store.get("count/total")).toEqual({ count: 103 });
  });

  it("leaves the record alone when the decision has no next value", async () => {
    const store = createMemoryRecordStore();
    expect(await updateRecord(access(store), "k", () => ({ result: 7 }))).toBe(7);
    expect(await store.get("k")).toBeNull();
  });

  it("gives up with a HubStorageError after repeated conflicts, never writing blindly", async () => {
    const store = withInterloper(createMemoryRecordStore(), "k", Infinity);
    await expect(updateRecord(access(store), "k", () => ({ next: { mine: true }, result: null }))).rejects.toBeInstanceOf(HubStorageError);
    expect(store.reads()).toBe(MAX_ATTEMPTS);
    expect(await store.get("k")).not.toEqual({ mine: true });
  });
});

describe("the caps' counters", () => {
  const limits = { ...HUB_LIMITS, maxSubscriptionsPerHost: 2, maxSubscriptionsTotal: 3 };

  it("takes places up to each cap, names the cap that is full, and frees places", async () => {
    const hub = access();
    expect(await reservePlace(hub, "a.example", limits)).toBeNull();
    expect(await reservePlace(hub, "a.example", limits)).toBeNull();
    expect(await findFullCap(hub.store, "a.example", limits)).toBe("host");
    expect(await reservePlace(hub, "a.example", limits)).toBe("host");
    // The refused host place gave its total place back.
    expect(await hub.store.get(TOTAL_COUNT_KEY)).toEqual({ count: 2 });
    expect(await reservePlace(hub, "b.example", limits)).toBeNull();
    expect(await findFullCap(hub.store, "c.example", limits)).toBe("total");
    expect(await reservePlace(hub, "c.example", limits)).toBe("total");
    await releasePlace(hub, "a.example");
    expect(await hub.store.get(hostCountKey("A.example"))).toEqual({ count: 1 });
    expect(await reservePlace(hub, "c.example", limits)).toBeNull();
  });

  it("counts exactly under concurrent reservations", async () => {
    const hub = access();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => reservePlace(hub, "a.example", { ...limits, maxSubscriptionsPerHost: 4, maxSubscriptionsTotal: 10 })),
    );
    expect(results.filter((full) => full === null)).toHaveLength(4);
    expect(await hub.store.get(hostCountKey("a.example"))).toEqual({ count: 4 });
    expect(await hub.store.get(TOTAL_COUNT_KEY)).toEqual({ count: 4 });
  });
});

describe("topic content", () => {
  const topic = "https://reviews.example/feed.xml";

  it("records a change once, keeps the bytes under their hash, and drops the previous bytes", async () => {
    const hub = access();
    const first = await recordTopicContent(hub, topic, "h1", bytes("one"), 1000);
    expect(first).toEqual({ version: 1, topic, hash: "h1", changedAt: 1000 });
    expect(await recordTopicContent(hub, topic, "h1", bytes("one"), 2000)).toBeNull();
    const second = await recordTopicContent(hub, topic, "h2", bytes("two"), 3000);
    expect(await readTopicState(hub.store, topic)).toEqual(second);
    expect(new TextDecoder().decode((await readTopicContent(hub.store, second!))!)).toBe("two");
    expect(await hub.store.getBytes(topicContentKey(topic, "h1"))).toBeNull();
  });

  it("lets exactly one of several concurrent publishers of the same change win", async () => {
    const hub = access();
    const results = await Promise.all([1, 2, 3].map((i) => recordTopicContent(hub, topic, "same", bytes("x"), i)));
    expect(results.filter((state) => state !== null)).toHaveLength(1);
    expect(await hub.store.get(topicStateKey(topic))).toMatchObject({ hash: "same" });
  });
});
