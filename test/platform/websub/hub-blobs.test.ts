import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { hostCountKey, subscriptionKey, TOTAL_COUNT_KEY } from "../../../src/lib/websub/keys.ts";
import { runMaintenance } from "../../../src/lib/websub/maintenance.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import { parseSubscriptionRecord } from "../../../src/lib/websub/subscription-record.ts";
import { handleHubRequest } from "../../../src/platform/websub/hub-endpoint.ts";
import { startHubFixture, subscribeFields, URLS, type HubFixture } from "./hub-fixture.ts";

/**
 * The hub in production wiring: the workflow over the Netlify Blobs adapter
 * (a real file-backed BlobsServer), the SSRF-guarded HTTPS client and a real
 * HTTPS subscriber on loopback. The workflow's rules are unit-tested over
 * the in-memory store (test/lib/websub); these cases prove the same
 * lifecycle holds on Blobs, whose local server has no read ETags and
 * non-atomic conditional writes, and over the real transport.
 */
let hub: HubFixture;
afterEach(async () => {
  await hub.stop();
});

const count = async (key: string) => ((await hub.blobs.get(key, { type: "json" })) as { count: number } | null)?.count ?? 0;
const posts = (path?: string) => hub.subscriber.requests(path).filter((r) => r.method === "POST");
const record = async (path: string) => parseSubscriptionRecord(await hub.blobs.get(subscriptionKey(URLS.atomFeed, hub.subscriber.url(path)), { type: "json" }));

async function subscribe(path: string, extra: Record<string, string> = {}): Promise<void> {
  expect((await hub.post(subscribeFields(hub.subscriber.url(path), URLS.atomFeed, extra))).status).toBe(202);
  await hub.drain();
}

describe("the hub over Netlify Blobs and real HTTPS", () => {
  it("verifies with a fresh 256-bit challenge, delivers a signed change, and stops after a verified unsubscribe", async () => {
    hub = await startHubFixture();
    await publishTopics(hub.ctx, hub.ctx.topics);
    await subscribe("/good?list=a", { "hub.secret": "s3cret" });
    const [verification] = hub.subscriber.requests("/good");
    expect(verification!.query.get("hub.challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verification!.headers["user-agent"]).toMatch(/^Keystone-WebSub-Hub\//);
    expect(await record("/good?list=a")).toMatchObject({ state: "active", failures: 0 });

    hub.site.set(URLS.atomFeed, "<feed>v2</feed>");
    expect(await publishTopics(hub.ctx, hub.ctx.topics)).toContainEqual(expect.objectContaining({ status: "changed", delivered: 1 }));
    const [post] = posts("/good");
    expect(post!.query.get("list")).toBe("a");
    expect(post!.headers["content-type"]).toBe("application/atom+xml");
    expect(post!.headers.link).toBe(`<${URLS.hub}>; rel="hub", <${URLS.atomFeed}>; rel="self"`);
    expect(post!.headers["x-hub-signature"]).toBe(`sha256=${createHmac("sha256", "s3cret").update(post!.body).digest("hex")}`);

    await hub.post({ ...subscribeFields(hub.subscriber.url("/good?list=a")), "hub.mode": "unsubscribe" });
    await hub.drain();
    expect(await record("/good?list=a")).toMatchObject({ state: "removed" });
    hub.site.set(URLS.atomFeed, "<feed>v3</feed>");
    await publishTopics(hub.ctx, hub.ctx.topics);
    expect(posts("/good")).toHaveLength(1);
    expect(await count(TOTAL_COUNT_KEY)).toBe(0);
  });

  it("never activates a callback that answers the verification after the time cap", async () => {
    hub = await startHubFixture({ verifyTimeoutMs: 300 });
    hub.subscriber.setBehaviour("/slow", { verifyDelayMs: 1000 });
    await subscribe("/slow");
    expect(await record("/slow")).toBeNull();
    expect(hub.logs.join("\n")).toMatch(/no complete answer within/);
  });

  it("refuses a callback that resolves to loopback when private callbacks are not allowed", async () => {
    hub = await startHubFixture();
    const request = new Request(URLS.hub, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(subscribeFields(hub.subscriber.url("/private"))).toString(),
    });
    const response = await handleHubRequest(request, hub.ctx, { waitUntil: () => undefined, allowPrivate: false });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "callback_refused" });
    expect(hub.subscriber.requests()).toEqual([]);
  });

  it("answers 503 with a JSON body when Blobs is unreachable", async () => {
    hub = await startHubFixture();
    await hub.stop();
    const response = await hub.post(subscribeFields("https://localhost:1/cb"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "storage_unavailable" });
    hub = await startHubFixture();
  });

  it("loses no subscription in a storm of concurrent requests, and keeps the caps' counters exact", async () => {
    hub = await startHubFixture();
    await publishTopics(hub.ctx, hub.ctx.topics);
    const paths = Array.from({ length: 20 }, (_, i) => `/storm/${i}`);
    await Promise.all(paths.map((path) => hub.post(subscribeFields(hub.subscriber.url(path)))));
    await hub.drain();
    const leaving = paths.filter((_, i) => i % 2 === 0);
    const joining = Array.from({ length: 10 }, (_, i) => `/storm/late-${i}`);
    await Promise.all([
      ...leaving.map((path) => hub.post({ ...subscribeFields(hub.subscriber.url(path)), "hub.mode": "unsubscribe" })),
      ...joining.map((path) => hub.post(subscribeFields(hub.subscriber.url(path)))),
    ]);
    await hub.drain();
    hub.site.set(URLS.atomFeed, "<feed>storm</feed>");
    await Promise.all([publishTopics(hub.ctx, hub.ctx.topics), publishTopics(hub.ctx, hub.ctx.topics)]);
    const expected = [...paths.filter((p) => !leaving.includes(p)), ...joining];
    expect(
      posts()
        .map((r) => r.path)
        .sort(),
    ).toEqual(expected.sort()); // each exactly once, though two publishers raced
    expect(await count(TOTAL_COUNT_KEY)).toBe(expected.length);
    expect(await count(hostCountKey("localhost"))).toBe(expected.length);
  }, 120_000); // the full-size storm runs over the in-memory store (test/lib/websub/concurrency.test.ts); this one is about Blobs

  it("retries in the sweep, expires leases, and recounts a drifted counter", async () => {
    hub = await startHubFixture();
    await publishTopics(hub.ctx, hub.ctx.topics);
    await subscribe("/flaky");
    await subscribe("/short", { "hub.lease_seconds": "600" });
    hub.subscriber.setBehaviour("/flaky", { deliver: 503 });
    hub.site.set(URLS.atomFeed, "<feed>v2</feed>");
    await publishTopics(hub.ctx, hub.ctx.topics);
    expect(await record("/flaky")).toMatchObject({ failures: 1 });
    hub.subscriber.setBehaviour("/flaky", { deliver: 204 });
    await hub.blobs.setJSON(TOTAL_COUNT_KEY, { count: 57 });
    hub.clock.now += 601_000;
    // The expiry released a place during the sweep, so the counters moved after its snapshot: left for the next run.
    expect(await runMaintenance(hub.ctx)).toMatchObject({ active: 1, expired: 1, retried: { delivered: 1 }, countersFixed: 0 });
    expect(await record("/flaky")).toMatchObject({ failures: 0, nextAttemptAt: null });
    expect(await record("/short")).toMatchObject({ state: "removed", removedReason: "lease expired" });
    expect(await runMaintenance(hub.ctx)).toMatchObject({ active: 1, countersFixed: 1 });
    expect(await count(TOTAL_COUNT_KEY)).toBe(1);
    expect(await count(hostCountKey("localhost"))).toBe(1);
  });
});
