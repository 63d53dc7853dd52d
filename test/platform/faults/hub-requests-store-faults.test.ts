import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runMaintenance } from "../../../src/lib/websub/maintenance.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import type { FaultPlan } from "../../support/faulty-store.ts";
import { startHttpsSubscriber, type HttpsSubscriber } from "../../support/https-subscriber.ts";
import { createTestTls, type TestTls } from "../../support/test-ca.ts";
import { startFaultHub, subscribeFields, unsubscribeFields, URLS, type FaultHub } from "./fault-hub.ts";

/**
 * `POST /api/websub/hub` while Netlify Blobs fails one call (docs/websub.md:
 * "503 storage_unavailable: the subscription store failed; nothing was
 * changed"). A failure before the 202 is a 503 JSON answer; one in the
 * background verification is contained (logged, never an unhandled
 * rejection). Either way no record is left half-written, the caps'
 * counters never under-count (the sweep recounts what a lost write
 * over-counted), and once Blobs recovers the same request succeeds.
 */
let tls: TestTls;
let subscriber: HttpsSubscriber;
let hub: FaultHub;
let n = 0;
let callback: string;

beforeAll(async () => {
  tls = await createTestTls();
  subscriber = await startHttpsSubscriber(tls);
});
afterAll(async () => {
  await subscriber.close();
});
beforeEach(async () => {
  hub = await startFaultHub(tls);
  await publishTopics(hub.ctx, hub.ctx.topics);
  callback = subscriber.url(`/cb/${++n}`);
});
afterEach(async () => {
  await hub.drain();
  await hub.stop();
});

const pathOf = (url: string) => new URL(url).pathname;
const verificationsTo = (url: string) => subscriber.requests(pathOf(url)).filter((r) => r.query.has("hub.challenge"));
const postsTo = (url: string) => subscriber.requests(pathOf(url)).filter((r) => r.method === "POST");

/** Every stored record parses; no record is half-written; the counters are at most one place over, never under. */
async function expectNoCorruptState(): Promise<number> {
  const stored = await hub.storedSubscriptions();
  expect(stored.filter((s) => s.record === null)).toEqual([]);
  const active = stored.filter((s) => s.record!.state === "active").length;
  const { total, localhost } = await hub.counters();
  for (const count of [total, localhost]) {
    expect(count).toBeGreaterThanOrEqual(active);
    expect(count).toBeLessThanOrEqual(active + 1);
  }
  return active;
}

async function expectStorageUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("retry-after")).toBe("60");
  expect(await response.json()).toEqual({ error: "storage_unavailable", message: expect.any(String) });
}

/** Background work never rejects: a store failure there is caught and logged. */
async function drainCleanly(): Promise<void> {
  expect((await hub.drain()).filter((s) => s.status === "rejected")).toEqual([]);
}

function expectOneFault(plan: FaultPlan): void {
  const faults = hub.faulty.faults();
  expect(faults).toHaveLength(1);
  expect(faults[0]).toMatchObject({ method: plan.method });
}

const SUB = "sub/";
const TOTAL = "count/total";
const HOST = "count/host/";
const TOPIC = "topic/";

describe("subscribe while Blobs fails one call", () => {
  it.each<[string, FaultPlan]>([
    ["reading the existing subscription", { method: "get", nth: 1, key: SUB }],
    ["reading the total counter", { method: "get", nth: 1, key: TOTAL }],
    ["reading the host counter", { method: "get", nth: 1, key: HOST }],
  ])("answers 503 JSON before the 202 when %s fails, sends no verification and stores nothing", async (_name, plan) => {
    hub.faulty.arm(plan);
    await expectStorageUnavailable(await hub.post(subscribeFields(callback)));
    await drainCleanly();
    expectOneFault(plan);
    expect(verificationsTo(callback)).toEqual([]);
    expect(await hub.record(callback)).toBeNull();
    expect(await hub.counters()).toEqual({ total: 0, localhost: 0 });

    // Recovered: the same request succeeds.
    expect((await hub.post(subscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    expect(await hub.record(callback)).toMatchObject({ state: "active" });
    expect(await hub.counters()).toEqual({ total: 1, localhost: 1 });
  });

  it.each<[string, FaultPlan, boolean]>([
    ["reading the topic state", { method: "get", nth: 1, key: TOPIC }, false],
    ["listing the subscription's ETag", { method: "list", nth: 1, key: SUB }, false],
    ["reading the subscription to apply it", { method: "getWithMetadata", nth: 1, key: SUB }, false],
    ["reading the total counter to reserve", { method: "getWithMetadata", nth: 1, key: TOTAL }, false],
    ["taking a place under the total cap", { method: "setJSON", nth: 1, key: TOTAL }, false],
    ["taking a place under the total cap (write applied, answer lost)", { method: "setJSON", nth: 1, key: TOTAL, when: "after" }, false],
    ["taking a place under the host cap", { method: "setJSON", nth: 1, key: HOST }, false],
    ["taking a place under the host cap (write applied, answer lost)", { method: "setJSON", nth: 1, key: HOST, when: "after" }, false],
    ["writing the subscription", { method: "setJSON", nth: 1, key: SUB }, false],
    ["writing the subscription (write applied, answer lost)", { method: "setJSON", nth: 1, key: SUB, when: "after" }, true],
  ])("after the 202, contains a failure of %s: no half-written subscription, counters never under", async (_name, plan, activeAfter) => {
    hub.faulty.arm(plan);
    expect((await hub.post(subscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    expectOneFault(plan);
    expect(verificationsTo(callback)).toHaveLength(1);
    expect(hub.logs.join("\n")).toMatch(/verification of localhost failed: injected Blobs failure/);
    const record = await hub.record(callback);
    if (activeAfter) expect(record).toMatchObject({ state: "active", failures: 0 });
    else expect(record).toBeNull();
    expect(await expectNoCorruptState()).toBe(activeAfter ? 1 : 0);

    // Recovered: the same request succeeds, and the sweep recounts whatever a lost write left over.
    expect((await hub.post(subscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    expect(await hub.record(callback)).toMatchObject({ state: "active" });
    await runMaintenance(hub.ctx);
    expect(await hub.counters()).toEqual({ total: 1, localhost: 1 });
    hub.change();
    expect(await publishTopics(hub.ctx, [hub.ctx.topics[0]!])).toEqual([expect.objectContaining({ delivered: 1 })]);
  });
});

describe("unsubscribe while Blobs fails one call", () => {
  it.each<[string, FaultPlan, "intact" | "removed"]>([
    ["reading the topic state", { method: "get", nth: 1, key: TOPIC }, "intact"],
    ["listing the subscription's ETag", { method: "list", nth: 1, key: SUB }, "intact"],
    ["reading the subscription", { method: "getWithMetadata", nth: 1, key: SUB }, "intact"],
    ["writing the tombstone", { method: "setJSON", nth: 1, key: SUB }, "intact"],
    ["writing the tombstone (write applied, answer lost)", { method: "setJSON", nth: 1, key: SUB, when: "after" }, "removed"],
    ["releasing the host place", { method: "setJSON", nth: 1, key: HOST }, "removed"],
    ["releasing the total place", { method: "setJSON", nth: 1, key: TOTAL }, "removed"],
  ])("answers 202 and contains a failure of %s: the subscription is intact or cleanly removed", async (_name, plan, outcome) => {
    expect((await hub.post(subscribeFields(callback, URLS.atomFeed, { "hub.secret": "keep-me" }))).status).toBe(202);
    await drainCleanly();
    const before = await hub.record(callback);
    expect(before).toMatchObject({ state: "active" });

    hub.faulty.arm(plan);
    expect((await hub.post(unsubscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    expectOneFault(plan);
    if (outcome === "intact") {
      expect(await hub.record(callback)).toEqual(before);
      expect(await hub.counters()).toEqual({ total: 1, localhost: 1 });
      // Not removed, so it still works: the next change reaches it.
      const body = hub.change();
      await publishTopics(hub.ctx, [hub.ctx.topics[0]!]);
      expect(postsTo(callback).map((p) => p.body.toString())).toEqual([body]);
    } else {
      expect(await hub.record(callback)).toMatchObject({ state: "removed", removedReason: "unsubscribed" });
    }
    await expectNoCorruptState();

    // Recovered: the same request succeeds, deliveries stop, and the sweep leaves exact counters.
    expect((await hub.post(unsubscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    expect(await hub.record(callback)).toMatchObject({ state: "removed" });
    const delivered = postsTo(callback).length;
    hub.change();
    await publishTopics(hub.ctx, [hub.ctx.topics[0]!]);
    expect(postsTo(callback)).toHaveLength(delivered);
    await runMaintenance(hub.ctx);
    expect(await hub.counters()).toEqual({ total: 0, localhost: 0 });
  });
});

describe("publish ping while Blobs fails one call", () => {
  it.each<[string, FaultPlan]>([
    ["reading the topic state", { method: "get", nth: 1, key: TOPIC }],
    ["listing the subscribers", { method: "list", nth: 1, key: SUB }],
  ])("answers 202 and contains a failure of %s in the background; the next ping delivers", async (_name, plan) => {
    expect((await hub.post(subscribeFields(callback))).status).toBe(202);
    await drainCleanly();
    const body = hub.change();
    hub.faulty.arm(plan);
    const ping = await hub.post({ "hub.mode": "publish", "hub.topic": URLS.atomFeed });
    expect(ping.status).toBe(202);
    expect(await ping.json()).toEqual({ status: "publish_accepted", topic: URLS.atomFeed });
    await drainCleanly();
    expectOneFault(plan);
    expect(hub.logs.join("\n")).toMatch(/publish of .* failed: injected Blobs failure/);
    await expectNoCorruptState();

    // Recovered: a ping, or the sweep once the fan-out counts as stalled, gets the change there exactly once.
    expect((await hub.post({ "hub.mode": "publish", "hub.topic": URLS.atomFeed })).status).toBe(202);
    await drainCleanly();
    hub.clock.now += 3 * 60_000;
    await runMaintenance(hub.ctx);
    expect(postsTo(callback).map((p) => p.body.toString())).toEqual([body]);
    expect(await hub.record(callback)).toMatchObject({ state: "active", failures: 0 });
  });
});
