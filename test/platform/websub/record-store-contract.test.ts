import { getStore, type Store } from "@netlify/blobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HubStorageError, type RecordStore } from "../../../src/lib/websub/record-store.ts";
import { createBlobsRecordStore } from "../../../src/platform/websub/blobs-record-store.ts";
import { startBlobsServer } from "../../support/blobs.ts";
import { createMemoryRecordStore } from "../../support/memory-record-store.ts";

/**
 * The record-store port's contract (src/lib/websub/record-store.ts), run
 * against both implementations: the in-memory store the workflow's unit
 * tests use, and the Netlify Blobs adapter on a real file-backed
 * BlobsServer (whose reads carry no ETag and whose conditional writes are
 * not atomic on their own). If a case holds for one and not the other, the
 * unit tests prove nothing about production.
 */
let blobs: { stop: () => Promise<void> };
let stores = 0;
beforeAll(async () => {
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await blobs.stop();
});

const freshBlobsStore = (): Store => getStore({ name: `contract-${++stores}`, consistency: "strong" });

const IMPLEMENTATIONS: [string, () => RecordStore][] = [
  ["in-memory store", () => createMemoryRecordStore({ pageSize: 2 })],
  ["Netlify Blobs adapter", () => createBlobsRecordStore(freshBlobsStore())],
];

async function listAll(store: RecordStore, prefix: string) {
  const listed: { key: string; etag: string }[] = [];
  for await (const page of store.list(prefix)) listed.push(...page);
  return listed.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(IMPLEMENTATIONS)("record store contract: %s", (_name, open) => {
  it("reads a missing key as null, with no ETag", async () => {
    const store = open();
    expect(await store.get("sub/none")).toBeNull();
    expect(await store.getVersioned("sub/none")).toEqual({ value: null, etag: null });
    expect(await store.getBytes("topic/none")).toBeNull();
  });

  it("creates with set-if-absent exactly once", async () => {
    const store = open();
    expect(await store.setIfAbsent("count/total", { count: 1 })).toBe(true);
    expect(await store.setIfAbsent("count/total", { count: 2 })).toBe(false);
    expect(await store.get("count/total")).toEqual({ count: 1 });
  });

  it("reads with a usable ETag; set-if-match accepts the current one and refuses a stale one", async () => {
    const store = open();
    await store.setIfAbsent("count/total", { count: 1 });
    const first = await store.getVersioned("count/total");
    expect(first.value).toEqual({ count: 1 });
    expect(first.etag).toEqual(expect.stringMatching(/.+/));
    expect(await store.setIfMatch("count/total", { count: 2 }, first.etag!)).toBe(true);
    const second = await store.getVersioned("count/total");
    expect(second.value).toEqual({ count: 2 });
    expect(second.etag).not.toBe(first.etag);
    expect(await store.setIfMatch("count/total", { count: 3 }, first.etag!)).toBe(false);
    expect(await store.get("count/total")).toEqual({ count: 2 });
  });

  it("refuses set-if-match on a missing key and creates nothing", async () => {
    const store = open();
    await store.setIfAbsent("count/other", { count: 1 });
    const { etag } = await store.getVersioned("count/other");
    expect(await store.setIfMatch("count/missing", { count: 1 }, etag!)).toBe(false);
    expect(await store.get("count/missing")).toBeNull();
  });

  it("lets exactly one of several concurrent conditional writers win", async () => {
    const store = open();
    const creators = await Promise.all(Array.from({ length: 5 }, (_, i) => store.setIfAbsent("sub/race", { writer: i })));
    expect(creators.filter(Boolean)).toHaveLength(1);
    const { etag } = await store.getVersioned("sub/race");
    const updaters = await Promise.all(Array.from({ length: 5 }, (_, i) => store.setIfMatch("sub/race", { writer: `u${i}` }, etag!)));
    expect(updaters.filter(Boolean)).toHaveLength(1);
    const winner = updaters.indexOf(true);
    expect(await store.get("sub/race")).toEqual({ writer: `u${winner}` });
  });

  it("deletes: the key reads as missing, its old ETag no longer matches, and it can be created again", async () => {
    const store = open();
    await store.setIfAbsent("sub/gone", { v: 1 });
    const { etag } = await store.getVersioned("sub/gone");
    await store.delete("sub/gone");
    await store.delete("sub/gone"); // deleting a missing key is not an error
    expect(await store.getVersioned("sub/gone")).toEqual({ value: null, etag: null });
    expect(await store.setIfMatch("sub/gone", { v: 2 }, etag!)).toBe(false);
    expect(await store.get("sub/gone")).toBeNull();
    expect(await store.setIfAbsent("sub/gone", { v: 3 })).toBe(true);
  });

  it("lists every key under a prefix and no other, with ETags that conditional writes accept", async () => {
    const store = open();
    for (const key of ["sub/a/1", "sub/a/2", "sub/a/3", "sub/ab/1", "count/total"]) await store.setIfAbsent(key, { key });
    const listed = await listAll(store, "sub/a/");
    expect(listed.map((entry) => entry.key)).toEqual(["sub/a/1", "sub/a/2", "sub/a/3"]);
    expect(await listAll(store, "nothing/")).toEqual([]);
    const [first] = listed;
    expect(await store.setIfMatch(first!.key, { key: first!.key, updated: true }, first!.etag)).toBe(true);
    expect(await store.get("sub/a/1")).toEqual({ key: "sub/a/1", updated: true });
  });

  it("never lets a stale listed ETag overwrite a version the caller did not read", async () => {
    const store = open();
    await store.setIfAbsent("sub/x", { v: 1 });
    const [listed] = await listAll(store, "sub/x");
    const { etag } = await store.getVersioned("sub/x");
    await store.setIfMatch("sub/x", { v: 2 }, etag!);
    const read = await store.getVersioned("sub/x", listed!.etag);
    expect(read.value).toEqual({ v: 2 });
    const written = await store.setIfMatch("sub/x", { v: 3 }, read.etag!);
    // Either the read's ETag named the version read (v2) and the write won, or it named v1 and the write failed.
    if (written) expect(read.etag).not.toBe(listed!.etag);
    else expect(await store.get("sub/x")).toEqual({ v: 2 });
  });

  it("round-trips JSON as a copy, and bytes exactly", async () => {
    const store = open();
    const value = { text: "Flue & duct — ✓", list: [1, null, { nested: true }], n: 0.5 };
    await store.setIfAbsent("topic/t/state", value);
    const read = (await store.get("topic/t/state")) as typeof value;
    expect(read).toEqual(value);
    read.list.push(9);
    expect(await store.get("topic/t/state")).toEqual(value);
    const bytes = new Uint8Array([0, 255, 10, 13, 128]);
    await store.setBytes("topic/t/content/h", bytes);
    expect(await store.getBytes("topic/t/content/h")).toEqual(bytes);
    await store.setBytes("topic/t/content/h", new Uint8Array([1]));
    expect(await store.getBytes("topic/t/content/h")).toEqual(new Uint8Array([1]));
  });
});

describe("Netlify Blobs adapter: its sharp edges", () => {
  it("refuses a set-if-match without an ETag instead of writing unconditionally", async () => {
    const raw = freshBlobsStore();
    const store = createBlobsRecordStore(raw);
    await store.setIfAbsent("count/total", { count: 1 });
    await expect(store.setIfMatch("count/total", { count: 2 }, "")).rejects.toBeInstanceOf(HubStorageError);
    expect(await store.get("count/total")).toEqual({ count: 1 });
  });

  it("refuses to hand out a record whose ETag it cannot learn", async () => {
    const raw = freshBlobsStore();
    await raw.setJSON("sub/blind", { v: 1 });
    // A Blobs client whose reads and listings carry no ETag at all.
    const blind = new Proxy(raw, {
      get(target, name) {
        if (name === "list") return async () => ({ blobs: [], directories: [] });
        if (name === "getWithMetadata") return async (key: string) => ({ ...(await target.getWithMetadata(key, { type: "json" })), etag: undefined });
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await expect(createBlobsRecordStore(blind).getVersioned("sub/blind")).rejects.toBeInstanceOf(HubStorageError);
  });

  it("sends every record write with a condition", async () => {
    const raw = freshBlobsStore();
    const conditions: unknown[] = [];
    const spied = new Proxy(raw, {
      get(target, name) {
        if (name === "setJSON")
          return (key: string, value: unknown, options: unknown) => (conditions.push(options), target.setJSON(key, value, options as never));
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const store = createBlobsRecordStore(spied);
    await store.setIfAbsent("count/total", { count: 1 });
    const { etag } = await store.getVersioned("count/total");
    await store.setIfMatch("count/total", { count: 2 }, etag!);
    await store.setIfMatch("count/total", { count: 3 }, etag!);
    expect(conditions).toEqual([{ onlyIfNew: true }, { onlyIfMatch: etag }, { onlyIfMatch: etag }]);
    expect(await store.get("count/total")).toEqual({ count: 2 });
  });
});
