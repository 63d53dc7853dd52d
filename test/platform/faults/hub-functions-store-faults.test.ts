import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import deploySucceeded from "../../../netlify/functions/deploy-succeeded.ts";
import websubRetry from "../../../netlify/functions/websub-retry.ts";
import { hashText, subscriptionKey } from "../../../src/lib/websub/keys.ts";
import type * as HubContextModule from "../../../src/platform/websub/create-hub-context.ts";
import type { HubContext } from "../../../src/lib/websub/hub-context.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import { readTopicState } from "../../../src/lib/websub/topic-store.ts";
import { createBlobsRecordStore } from "../../../src/platform/websub/blobs-record-store.ts";
import type { FaultPlan } from "../../support/faulty-store.ts";
import { startHttpsSubscriber, type HttpsSubscriber } from "../../support/https-subscriber.ts";
import { createTestTls, type TestTls } from "../../support/test-ca.ts";
import { startFaultHub, subscribeFields, unsubscribeFields, URLS, type FaultHub } from "./fault-hub.ts";

/**
 * The hub's two background functions, called as Netlify calls them, while
 * Blobs fails one call: `deploy-succeeded` (the publish step) and the
 * scheduled `websub-retry` (the sweep). Their production wiring
 * (`createHubContext()` with no arguments) is pointed at this test's hub:
 * the faulty Blobs store, the recording HTTPS client and the test clock.
 */
const adapterHub = vi.hoisted(() => ({ ctx: undefined as HubContext | undefined }));
vi.mock("../../../src/platform/websub/create-hub-context.ts", async (importOriginal) => {
  const original = await importOriginal<typeof HubContextModule>();
  return {
    ...original,
    createHubContext: (...args: Parameters<typeof original.createHubContext>) => (args.length === 0 ? adapterHub.ctx! : original.createHubContext(...args)),
  };
});

let tls: TestTls;
let subscriber: HttpsSubscriber;
let hub: FaultHub;
let n = 0;
/** `/cb/<n>/behind`: failed once, its retry is due. `/cb/<n>/current`: up to date. `/cb/<n>/left`: an old tombstone. */
let behind: string;
let current: string;
let left: string;

beforeAll(async () => {
  tls = await createTestTls();
  subscriber = await startHttpsSubscriber(tls);
});
afterAll(async () => {
  await subscriber.close();
});
beforeEach(async () => {
  hub = await startFaultHub(tls);
  adapterHub.ctx = hub.ctx;
  await publishTopics(hub.ctx, hub.ctx.topics);
  ++n;
  [behind, current, left] = ["behind", "current", "left"].map((name) => subscriber.url(`/cb/${n}/${name}`)) as [string, string, string];
  for (const callback of [behind, current, left]) await hub.post(subscribeFields(callback));
  await hub.drain();
});
afterEach(async () => {
  await hub.drain();
  await hub.stop();
});

const pathOf = (url: string) => new URL(url).pathname;
const postsTo = (url: string) =>
  subscriber
    .requests(pathOf(url))
    .filter((r) => r.method === "POST")
    .map((r) => r.body.toString());
const deployEvent = () =>
  deploySucceeded(
    new Request("https://reviews.example/.netlify/functions/deploy-succeeded", { method: "POST", headers: { "x-netlify-event": "deploy_succeeded" } }),
  );
const atomState = () => readTopicState(createBlobsRecordStore(hub.real), URLS.atomFeed);

async function readJson(response: Response): Promise<unknown> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json();
}

/** Every record parses, and the counters are never under the active subscriptions. */
async function expectNoCorruptState(): Promise<void> {
  const stored = await hub.storedSubscriptions();
  expect(stored.filter((s) => s.record === null)).toEqual([]);
  const active = stored.filter((s) => s.record!.state === "active").length;
  const { total, localhost } = await hub.counters();
  expect(total).toBeGreaterThanOrEqual(active);
  expect(localhost).toBeGreaterThanOrEqual(active);
}

const ATOM_STATE = `topic/${hashText(URLS.atomFeed).slice(0, 32)}/state`;
const ATOM_CONTENT = `topic/${hashText(URLS.atomFeed).slice(0, 32)}/content/`;
const ATOM_SUBS = subscriptionKey(URLS.atomFeed, "x").slice(0, -64);
/** Stands for the key of the `behind` subscription, known only once the test runs. */
const BEHIND = "<behind>";

describe("deploy-succeeded (publish) while Blobs fails one call", () => {
  it.each<[string, FaultPlan, "before the change is recorded" | "after the change is recorded" | "during the fan-out"]>([
    ["reading the topic state", { method: "get", nth: 1, key: ATOM_STATE }, "before the change is recorded"],
    ["storing the new content", { method: "set", nth: 1, key: ATOM_CONTENT }, "before the change is recorded"],
    ["listing the state's ETag", { method: "list", nth: 1, key: ATOM_STATE }, "before the change is recorded"],
    ["reading the state to update it", { method: "getWithMetadata", nth: 1, key: ATOM_STATE }, "before the change is recorded"],
    ["writing the new state", { method: "setJSON", nth: 1, key: ATOM_STATE }, "before the change is recorded"],
    ["writing the new state (write applied, answer lost)", { method: "setJSON", nth: 1, key: ATOM_STATE, when: "after" }, "after the change is recorded"],
    ["deleting the previous content", { method: "delete", nth: 1, key: ATOM_CONTENT }, "during the fan-out"],
    ["listing the subscribers", { method: "list", nth: 1, key: ATOM_SUBS }, "after the change is recorded"],
    ["reading one subscriber", { method: "getWithMetadata", nth: 1, key: ATOM_SUBS }, "during the fan-out"],
    ["recording one delivery", { method: "setJSON", nth: 1, key: ATOM_SUBS }, "during the fan-out"],
  ])("answers JSON, never a 500, when %s fails; every subscriber gets the change once Blobs recovers", async (_name, plan, stage) => {
    const before = await atomState();
    const body = hub.change();
    hub.faulty.arm(plan);
    const response = await deployEvent();
    expect(hub.faulty.faults()).toHaveLength(1);
    expect([200, 502]).toContain(response.status);
    const { topics } = (await readJson(response)) as { topics: { topic: string; status: string; delivered?: number; failed?: number }[] };
    const atom = topics.find((t) => t.topic === URLS.atomFeed)!;
    if (stage === "during the fan-out") {
      expect(atom).toMatchObject({ status: "changed" });
      expect(atom.delivered! + atom.failed!).toBe(3);
    } else {
      expect(response.status).toBe(502);
      expect(atom).toMatchObject({ status: "error", message: expect.stringContaining("injected Blobs failure") });
      expect(postsTo(current)).toEqual([]);
    }
    const state = await atomState();
    if (stage === "before the change is recorded") expect(state).toEqual(before);
    else expect(state!.hash).not.toBe(before!.hash);
    await expectNoCorruptState();

    // Recovered: the next deploy (or, if this one already recorded the change, the sweep) brings every subscriber up to date.
    const again = await deployEvent();
    expect(again.status).toBe(200);
    hub.clock.now += 3 * 60_000;
    expect((await websubRetry()).status).toBe(200);
    for (const callback of [behind, current, left]) {
      const posts = postsTo(callback);
      expect(posts.length, callback).toBeGreaterThanOrEqual(1);
      expect(posts.length, callback).toBeLessThanOrEqual(2); // a lost delivery record means one duplicate, never a loss
      expect(new Set(posts), callback).toEqual(new Set([body]));
      expect(await hub.record(callback), callback).toMatchObject({ state: "active", failures: 0, deliveredHash: (await atomState())!.hash });
    }
  });
});

describe("websub-retry (the sweep) while Blobs fails one call", () => {
  /** `behind` failed once and its backoff is over; `left` unsubscribed long enough ago to be purged. */
  async function prepareSweep(): Promise<string> {
    await hub.post(unsubscribeFields(left));
    await hub.drain();
    subscriber.setBehaviour(pathOf(behind), { deliver: 500 });
    const body = hub.change();
    await publishTopics(hub.ctx, [hub.ctx.topics[0]!]);
    subscriber.setBehaviour(pathOf(behind), { deliver: 204 });
    expect(await hub.record(behind)).toMatchObject({ failures: 1 });
    hub.clock.now += 2 * 60 * 60_000;
    return body;
  }

  it.each<[string, FaultPlan, "503" | "partial"]>([
    ["listing the counters", { method: "list", nth: 1, key: "count/" }, "503"],
    ["listing the subscriptions", { method: "list", nth: 1, key: "sub/" }, "503"],
    ["reading the subscription that is behind", { method: "getWithMetadata", nth: 1, key: BEHIND }, "partial"],
    ["reading the topic state", { method: "get", nth: 1, key: ATOM_STATE }, "partial"],
    ["reading the topic content", { method: "get", nth: 1, key: ATOM_CONTENT }, "partial"],
    ["deleting the old tombstone", { method: "delete", nth: 1, key: "sub/" }, "partial"],
    ["recording the retried delivery", { method: "setJSON", nth: 1, key: "sub/" }, "partial"],
    ["reading a counter to recount it", { method: "get", nth: 1, key: "count/" }, "503"],
  ])("answers JSON, never a 500, when %s fails, and catches up once Blobs recovers", async (_name, plan, outcome) => {
    const body = await prepareSweep();
    // A drifted counter gives the recount something to read and fix.
    await hub.real.setJSON("count/total", { count: 7 });
    hub.faulty.arm(plan.key === BEHIND ? { ...plan, key: subscriptionKey(URLS.atomFeed, behind) } : plan);
    const response = await websubRetry();
    expect(hub.faulty.faults()).toHaveLength(1);
    if (outcome === "503") {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await readJson(response)).toEqual({ error: "storage_unavailable", message: expect.any(String) });
    } else {
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({ countersFixed: 0 }); // an incomplete sweep recounts nothing
    }
    await expectNoCorruptState();
    const behindRecord = await hub.record(behind);
    expect(behindRecord!.state).toBe("active");
    expect([0, 1]).toContain(behindRecord!.failures);

    // Recovered: the next run retries what is due, purges the tombstone and recounts exactly.
    hub.clock.now += 5 * 60_000;
    const next = await websubRetry();
    expect(next.status).toBe(200);
    expect(await readJson(next)).toMatchObject({ active: 2 });
    expect(postsTo(behind).at(-1)).toBe(body);
    expect(await hub.record(behind)).toMatchObject({ state: "active", failures: 0, deliveredHash: (await atomState())!.hash });
    expect(await hub.record(left)).toBeNull();
    expect(await hub.counters()).toEqual({ total: 2, localhost: 2 });
  });
});
