import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../../src/lib/websub/maintenance.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import { startMisbehavingServer, type CallbackBehaviour, type CallbackOptions, type MisbehavingServer } from "../../support/misbehaving-callbacks.ts";
import { createTestTls, type TestTls } from "../../support/test-ca.ts";
import { startFaultHub, subscribeFields, URLS, type FaultHub } from "./fault-hub.ts";

/**
 * The hub against callbacks that misbehave (docs/websub.md, "Retries and
 * removal"; docs/interface.md §8): real loopback HTTPS servers, the real guarded
 * client, a real Blobs server. Short time caps keep hangs cheap.
 */
const DELIVERY_CAP_MS = 1200;
const VERIFY_CAP_MS = 1000;
const ANSWER_CAP = 16 * 1024;
const HUGE_BYTES = 32 * 1024 * 1024;
const LIMITS = { deliveryTimeoutMs: DELIVERY_CAP_MS, verifyTimeoutMs: VERIFY_CAP_MS, maxAnswerBytes: ANSWER_CAP };

type Fate = "stays" | "removed after 3 failures" | "removed at once";
interface CallbackCase {
  name: string;
  behaviour: (servers: Map<string, MisbehavingServer>) => CallbackBehaviour;
  options?: CallbackOptions;
  secret?: string;
  fate: Fate;
}

/** Each callback has its own server (own port), so one that hangs cannot hold another's connections. */
const CASES: CallbackCase[] = [
  { name: "well-behaved (204)", behaviour: () => ({ kind: "status", status: 204 }), fate: "stays" },
  { name: "well-behaved with a secret (200)", behaviour: () => ({ kind: "status", status: 200 }), secret: "s3cret", fate: "stays" },
  { name: "slow, under the cap", behaviour: () => ({ kind: "slow", delayMs: DELIVERY_CAP_MS - 800 }), fate: "stays" },
  { name: "huge 200 answer", behaviour: () => ({ kind: "huge", bytes: HUGE_BYTES }), fate: "stays" },
  { name: "hangs", behaviour: () => ({ kind: "hang" }), fate: "removed after 3 failures" },
  { name: "hangs, denials too", behaviour: () => ({ kind: "hang" }), options: { denial: "hang" }, fate: "removed after 3 failures" },
  { name: "resets the connection", behaviour: () => ({ kind: "reset" }), fate: "removed after 3 failures" },
  { name: "answers 500", behaviour: () => ({ kind: "status", status: 500 }), fate: "removed after 3 failures" },
  { name: "answers 503", behaviour: () => ({ kind: "status", status: 503 }), fate: "removed after 3 failures" },
  { name: "huge 500 answer", behaviour: () => ({ kind: "huge", bytes: HUGE_BYTES, status: 500 }), fate: "removed after 3 failures" },
  {
    name: "redirects to a well-behaved callback",
    behaviour: (servers) => ({ kind: "redirect", location: servers.get("well-behaved (204)")!.url("/cb") }),
    fate: "removed after 3 failures",
  },
  { name: "slow, over the cap", behaviour: () => ({ kind: "slow", delayMs: DELIVERY_CAP_MS + 500 }), fate: "removed after 3 failures" },
  { name: "answers 410 Gone", behaviour: () => ({ kind: "status", status: 410 }), fate: "removed at once" },
];

let tls: TestTls;
const servers = new Map<string, MisbehavingServer>();
let hub: FaultHub;

beforeAll(async () => {
  tls = await createTestTls();
  for (const c of CASES) servers.set(c.name, await startMisbehavingServer(tls));
  for (const c of CASES) servers.get(c.name)!.define("/cb", c.behaviour(servers), c.options);
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.close()));
});
afterEach(async () => {
  await hub.drain();
  await hub.stop();
});

const server = (name: string) => servers.get(name)!;
const callbackOf = (name: string) => server(name).url("/cb");
const postsTo = (name: string, since = 0) =>
  server(name)
    .requests("/cb")
    .filter((r) => r.method === "POST" && r.at >= since);
const denialsTo = (name: string, since = 0) =>
  server(name)
    .requests("/cb")
    .filter((r) => r.query.get("hub.mode") === "denied" && r.at >= since);
const names = (fate: Fate) => CASES.filter((c) => c.fate === fate).map((c) => c.name);

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Subscribes every callback through the real §5.3 verification (they all echo the challenge). */
async function subscribeAll(): Promise<void> {
  await publishTopics(hub.ctx, hub.ctx.topics); // the first deploy records the topics' hashes
  const responses = await Promise.all(
    CASES.map((c) => hub.post(subscribeFields(callbackOf(c.name), URLS.atomFeed, c.secret ? { "hub.secret": c.secret } : {}))),
  );
  expect(responses.map((r) => r.status)).toEqual(CASES.map(() => 202));
  expect((await hub.drain()).filter((s) => s.status === "rejected")).toEqual([]);
  for (const c of CASES) expect(await hub.record(callbackOf(c.name)), c.name).toMatchObject({ state: "active", failures: 0 });
}

const failuresOf = async (name: string) => (await hub.record(callbackOf(name)))?.failures;
const stateOf = async (name: string) => (await hub.record(callbackOf(name)))?.state;

describe("hub fan-out against misbehaving callbacks", () => {
  it("stays responsive while deliveries hang: new subscribe requests get their 202 at once and are verified meanwhile", async () => {
    hub = await startFaultHub(tls, { ...LIMITS, deliveryTimeoutMs: 4000 });
    await subscribeAll();
    const startedAt = Date.now();
    hub.change();
    const ping = await hub.post({ "hub.mode": "publish", "hub.topic": URLS.atomFeed });
    expect(ping.status).toBe(202);
    let fanOutDone = false;
    const fanOut = hub.drain().then((settled) => {
      fanOutDone = true;
      return settled;
    });
    await waitFor(() => postsTo("hangs", startedAt).length === 1 && postsTo("hangs, denials too", startedAt).length === 1);

    const newcomers = [1, 2, 3, 4, 5].map((i) => server("well-behaved (204)").url(`/new/${i}`));
    const timed = await Promise.all(
      newcomers.map(async (callback) => {
        const started = performance.now();
        const response = await hub.post(subscribeFields(callback, URLS.reviews));
        return { status: response.status, ms: performance.now() - started };
      }),
    );
    expect(fanOutDone).toBe(false); // the hanging deliveries are still pending
    for (const { status, ms } of timed) {
      expect(status).toBe(202);
      expect(ms).toBeLessThan(1000);
    }
    // The newcomers' verifications run beside the stuck fan-out and finish first.
    await waitFor(() => newcomers.every((_, i) => server("well-behaved (204)").requests(`/new/${i + 1}`).length === 1));
    expect(fanOutDone).toBe(false);
    expect((await fanOut).filter((s) => s.status === "rejected")).toEqual([]);
    await hub.drain();
    for (const callback of newcomers) expect(await hub.record(callback, URLS.reviews)).toMatchObject({ state: "active" });
    // The stuck deliveries were given up at the cap, not waited for longer.
    const hangs = hub.answers.filter((a) => a.method === "POST" && a.url === callbackOf("hangs"));
    expect(hangs).toEqual([expect.objectContaining({ error: "ETIMEDOUT" })]);
    expect(hangs[0]!.ms).toBeLessThan(4000 + 1500);
  });

  it("over three changes and the sweep: keeps and feeds every good callback, removes exactly the bad ones", async () => {
    hub = await startFaultHub(tls, LIMITS);
    await subscribeAll();
    const since = Date.now();
    const contents: string[] = [];
    const publishAtom = async () => {
      contents.push(hub.change());
      const [summary] = await publishTopics(hub.ctx, [hub.ctx.topics[0]!]);
      return summary!;
    };

    // Change 1: every failing callback has 1 failure, the 410 one is gone at once (no denial).
    const first = await publishAtom();
    expect(first).toMatchObject({ status: "changed", delivered: names("stays").length, failed: names("removed after 3 failures").length, removed: 1 });
    for (const name of names("removed after 3 failures")) expect(await failuresOf(name), name).toBe(1);
    expect(await hub.record(callbackOf("answers 410 Gone"))).toMatchObject({ state: "removed", removedReason: expect.stringMatching(/410/) });
    expect(denialsTo("answers 410 Gone")).toEqual([]);

    // The sweep, once the first backoff is over, retries the failing ones with the latest content: 2 failures.
    hub.clock.now += 61_000;
    const sweep = await runMaintenance(hub.ctx);
    expect(sweep.retried).toEqual({ delivered: 0, failed: names("removed after 3 failures").length, removed: 0, skipped: 0 });
    for (const name of names("removed after 3 failures")) {
      expect(await failuresOf(name), name).toBe(2);
      expect(await stateOf(name), name).toBe("active");
      expect(denialsTo(name)).toEqual([]);
    }

    // Change 2: the third consecutive failure removes them, each with a §5.2 denial.
    const second = await publishAtom();
    expect(second).toMatchObject({ delivered: names("stays").length, removed: names("removed after 3 failures").length, failed: 0 });
    for (const name of names("removed after 3 failures")) {
      expect(await hub.record(callbackOf(name)), name).toMatchObject({
        state: "removed",
        removedReason: expect.stringMatching(/^3 consecutive deliveries failed/),
      });
      const [denial, ...more] = denialsTo(name, since);
      expect(more, name).toEqual([]);
      expect(denial!.query.get("hub.topic")).toBe(URLS.atomFeed);
      expect(denial!.query.get("hub.reason")).toMatch(/3 consecutive deliveries failed/);
    }

    // Change 3 reaches only the good ones; then a later sweep finds nothing to retry and nothing to recount.
    const third = await publishAtom();
    expect(third).toMatchObject({ delivered: names("stays").length, failed: 0, removed: 0 });
    hub.clock.now += 10 * 60_000;
    expect(await runMaintenance(hub.ctx)).toMatchObject({
      active: names("stays").length,
      retried: { delivered: 0, failed: 0, removed: 0, skipped: 0 },
      countersFixed: 0,
    });

    // Every good callback got every change, once, in order, intact (and signed when it has a secret).
    for (const name of names("stays")) {
      const posts = postsTo(name, since);
      expect(
        posts.map((p) => p.body.toString()),
        name,
      ).toEqual(contents);
      expect(await hub.record(callbackOf(name)), name).toMatchObject({ state: "active", failures: 0 });
    }
    for (const post of postsTo("well-behaved with a secret (200)", since)) {
      expect(post.headers["x-hub-signature"]).toBe(`sha256=${createHmac("sha256", "s3cret").update(post.body).digest("hex")}`);
    }
    // A failing callback got exactly its 3 attempts; the 410 one its single one; the redirect was never followed.
    for (const name of names("removed after 3 failures")) expect(postsTo(name, since), name).toHaveLength(3);
    expect(postsTo("answers 410 Gone", since)).toHaveLength(1);
    expect(
      server("well-behaved (204)")
        .requests("/cb")
        .filter((r) => r.at >= since && r.method !== "POST"),
    ).toEqual([]);

    // State: every record parses, the counters match the active subscriptions exactly.
    const stored = await hub.storedSubscriptions();
    expect(stored.filter((s) => s.record === null)).toEqual([]);
    const active = stored.filter((s) => s.record!.state === "active").map((s) => s.record!.callback);
    expect(active.sort()).toEqual(names("stays").map(callbackOf).sort());
    expect(await hub.counters()).toEqual({ total: names("stays").length, localhost: names("stays").length });
  });

  it("reads at most the answer cap of a huge answer, and gives up on slow and silent callbacks at the time cap", async () => {
    hub = await startFaultHub(tls, LIMITS);
    await subscribeAll();
    hub.change();
    await publishTopics(hub.ctx, [hub.ctx.topics[0]!]);
    const answersFrom = (name: string) => hub.answers.filter((a) => a.method === "POST" && a.url === callbackOf(name));

    for (const name of ["huge 200 answer", "huge 500 answer"]) {
      const [answer] = answersFrom(name);
      expect(answer, name).toMatchObject({ truncated: true, bytes: ANSWER_CAP });
      // The server streamed with backpressure: it got to hand over only a sliver of the body before the hub hung up.
      await waitFor(() => server(name).hugeBytesWritten("/cb").length > 0);
      for (const written of server(name).hugeBytesWritten("/cb")) expect(written, name).toBeLessThan(HUGE_BYTES / 8);
    }
    expect(answersFrom("slow, under the cap")).toEqual([expect.objectContaining({ status: 204, error: null })]);
    for (const name of ["hangs", "slow, over the cap"]) {
      const [answer] = answersFrom(name);
      expect(answer, name).toMatchObject({ error: "ETIMEDOUT" });
      expect(answer!.ms, name).toBeGreaterThanOrEqual(DELIVERY_CAP_MS - 50);
      expect(answer!.ms, name).toBeLessThan(DELIVERY_CAP_MS + 1500);
    }
    expect(answersFrom("resets the connection")).toEqual([expect.objectContaining({ error: "ECONNRESET" })]);
    expect(answersFrom("redirects to a well-behaved callback")).toEqual([expect.objectContaining({ status: 302 })]);
  });
});
