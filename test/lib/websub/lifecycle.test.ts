import { createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { subscriptionKey } from "../../../src/lib/websub/keys.ts";
import { parseSubscriptionRecord } from "../../../src/lib/websub/subscription-record.ts";
import { runMaintenance } from "../../../src/lib/websub/maintenance.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import { startMemoryHub, subscribeFields, URLS, type MemoryHub } from "./hub-fixture.ts";

let hub: MemoryHub;
beforeEach(async () => {
  hub = startMemoryHub();
  await publishTopics(hub.ctx, hub.ctx.topics); // the first deploy records the hashes
});

let version = 1;
const changeAtom = () => hub.site.set(URLS.atomFeed, `<feed>v${++version}</feed>`);
const publish = () => publishTopics(hub.ctx, hub.ctx.topics);
const posts = (path: string) => hub.subscriber.requests(path).filter((r) => r.method === "POST");
const denials = (path: string) => hub.subscriber.requests(path).filter((r) => r.query.get("hub.mode") === "denied");
const record = async (path: string, topic = URLS.atomFeed) => parseSubscriptionRecord(await hub.store.get(subscriptionKey(topic, hub.subscriber.url(path))));

async function subscribe(path: string, extra: Record<string, string> = {}, topic = URLS.atomFeed): Promise<void> {
  expect((await hub.post(subscribeFields(hub.subscriber.url(path), topic, extra))).status).toBe(202);
  await hub.drain();
}

async function unsubscribe(path: string, topic = URLS.atomFeed): Promise<void> {
  expect((await hub.post({ ...subscribeFields(hub.subscriber.url(path), topic), "hub.mode": "unsubscribe" })).status).toBe(202);
  await hub.drain();
}

describe("subscription lifecycle (workflow over the in-memory store)", () => {
  it.each([
    ["answers 200 with the wrong body", { verify: "wrong" as const }],
    ["answers 404", { verify: 404 }],
    ["answers 302", { verify: 302 }],
    ["answers 500", { verify: 500 }],
  ])("never activates a callback that %s", async (_name, behaviour) => {
    hub.subscriber.setBehaviour("/bad", behaviour);
    await subscribe("/bad");
    expect(await record("/bad")).toBeNull();
    changeAtom();
    await publish();
    expect(posts("/bad")).toEqual([]);
  });

  it("never activates a callback whose verification cannot be sent, and logs why", async () => {
    hub.subscriber.setBehaviour("/unreachable", { unreachable: true });
    await subscribe("/unreachable");
    expect(await record("/unreachable")).toBeNull();
    expect(hub.logs.join("\n")).toMatch(/subscribe of subscriber.example rejected: verification failed: connect ECONNREFUSED/);
  });

  it("activates on an exact echo and delivers a change with type, links and a valid signature", async () => {
    await subscribe("/good?list=a", { "hub.secret": "s3cret" });
    expect(await record("/good?list=a")).toMatchObject({ state: "active", failures: 0 });
    changeAtom();
    const [summary] = await publish();
    expect(summary).toMatchObject({ status: "changed", delivered: 1 });
    const [post] = posts("/good");
    expect(post!.query.get("list")).toBe("a");
    expect(post!.headers["content-type"]).toBe("application/atom+xml");
    expect(post!.headers.link).toBe(`<${URLS.hub}>; rel="hub", <${URLS.atomFeed}>; rel="self"`);
    expect(post!.body.toString()).toBe(hub.site.get(URLS.atomFeed));
    const expected = `sha256=${createHmac("sha256", "s3cret").update(post!.body).digest("hex")}`;
    expect(post!.headers["x-hub-signature"]).toBe(expected);
  });

  it.each([
    [URLS.jsonFeed, "application/feed+json"],
    [URLS.reviews, "application/json"],
  ])("delivers %s as %s, without a signature when there is no secret", async (topic, type) => {
    await subscribe("/json", {}, topic);
    hub.site.set(topic, `{"v":${++version}}`);
    await publish();
    const [post] = posts("/json");
    expect(post!.headers["content-type"]).toBe(type);
    expect(post!.headers["x-hub-signature"]).toBeUndefined();
  });

  it("notifies nobody when nothing changed, and only subscribers of the changed topic", async () => {
    await subscribe("/atom");
    await subscribe("/feed", {}, URLS.jsonFeed);
    expect((await publish()).map((s) => s.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    changeAtom();
    expect((await publish()).map((s) => s.status)).toEqual(["changed", "unchanged", "unchanged"]);
    expect(posts("/atom")).toHaveLength(1);
    expect(posts("/feed")).toHaveLength(0);
  });

  it("on a store no publish has written to, a new subscriber starts at the current content: an unchanged deploy notifies nobody", async () => {
    hub = startMemoryHub(); // no first publish: the topics have no recorded hash
    await subscribe("/early");
    expect((await publish()).map((s) => s.status)).toEqual(["unchanged", "changed", "changed"]);
    expect(posts("/early")).toHaveLength(0);
    changeAtom();
    expect((await publish())[0]).toMatchObject({ status: "changed", delivered: 1 });
    expect(posts("/early")).toHaveLength(1);
  });

  it("stops deliveries after a verified unsubscribe", async () => {
    await subscribe("/leaving");
    await unsubscribe("/leaving");
    expect(hub.subscriber.requests("/leaving").at(-1)!.query.get("hub.mode")).toBe("unsubscribe");
    expect(await record("/leaving")).toMatchObject({ state: "removed" });
    changeAtom();
    await publish();
    expect(posts("/leaving")).toEqual([]);
  });

  it("keeps the subscription when an unsubscribe is not confirmed", async () => {
    await subscribe("/stay");
    hub.subscriber.setBehaviour("/stay", { verify: 404 });
    await unsubscribe("/stay");
    expect(await record("/stay")).toMatchObject({ state: "active" });
  });

  it("leaves an existing subscription untouched when a re-subscribe fails verification", async () => {
    await subscribe("/keep", { "hub.secret": "old", "hub.lease_seconds": "3600" });
    const before = await record("/keep");
    hub.subscriber.setBehaviour("/keep", { verify: "wrong" });
    await subscribe("/keep", { "hub.secret": "new", "hub.lease_seconds": "7200" });
    expect(await record("/keep")).toEqual(before);
  });

  it("renews the lease on a verified re-subscribe", async () => {
    await subscribe("/renew", { "hub.lease_seconds": "3600" });
    const first = await record("/renew");
    hub.clock.now += 1800_000;
    await subscribe("/renew", { "hub.lease_seconds": "3600" });
    expect((await record("/renew"))!.expiresAt).toBe(first!.expiresAt + 1800_000);
  });

  it("ends the subscription at lease expiry: no delivery, then purged by the sweep", async () => {
    await subscribe("/short", { "hub.lease_seconds": "60" });
    hub.clock.now += 60_000;
    changeAtom();
    await publish();
    expect(posts("/short")).toEqual([]);
    expect(await record("/short")).toMatchObject({ state: "removed", removedReason: "lease expired" });
    hub.clock.now += 2 * 60 * 60_000;
    expect(await runMaintenance(hub.ctx)).toMatchObject({ purged: 1 });
    expect(await record("/short")).toBeNull();
  });

  it("expires leases in the sweep even without a publish", async () => {
    await subscribe("/idle", { "hub.lease_seconds": "60" });
    hub.clock.now += 61_000;
    expect(await runMaintenance(hub.ctx)).toMatchObject({ expired: 1, active: 0 });
  });

  it("retries with backoff using the latest content, and a success resets the count", async () => {
    await subscribe("/flaky");
    hub.subscriber.setBehaviour("/flaky", { deliver: 503 });
    changeAtom();
    await publish();
    expect(await record("/flaky")).toMatchObject({ failures: 1 });
    expect((await runMaintenance(hub.ctx)).retried.failed).toBe(0); // backoff not over yet
    changeAtom(); // newer content arrives before the retry
    await publish();
    expect(await record("/flaky")).toMatchObject({ failures: 2 });
    hub.subscriber.setBehaviour("/flaky", { deliver: 204 });
    hub.clock.now += 5 * 60_000;
    expect((await runMaintenance(hub.ctx)).retried.delivered).toBe(1);
    expect(posts("/flaky").at(-1)!.body.toString()).toBe(hub.site.get(URLS.atomFeed));
    expect(await record("/flaky")).toMatchObject({ failures: 0, nextAttemptAt: null });
  });

  it("removes after 3 consecutive failures, sends a denial, and stays removed when the callback recovers", async () => {
    await subscribe("/down");
    hub.subscriber.setBehaviour("/down", { deliver: 500 });
    changeAtom();
    await publish();
    hub.clock.now += 60_000;
    await runMaintenance(hub.ctx);
    hub.clock.now += 300_000;
    const sweep = await runMaintenance(hub.ctx);
    expect(sweep.retried.removed).toBe(1);
    expect(posts("/down")).toHaveLength(3);
    const [denial] = denials("/down");
    expect(denial!.query.get("hub.topic")).toBe(URLS.atomFeed);
    expect(denial!.query.get("hub.reason")).toMatch(/3 consecutive deliveries failed/);
    hub.subscriber.setBehaviour("/down", { deliver: 200 });
    changeAtom();
    await publish();
    hub.clock.now += 600_000;
    await runMaintenance(hub.ctx);
    expect(posts("/down")).toHaveLength(3);
  });

  it("removes at once on 410 Gone, without a denial", async () => {
    await subscribe("/gone");
    hub.subscriber.setBehaviour("/gone", { deliver: 410 });
    changeAtom();
    expect(await publish()).toContainEqual(expect.objectContaining({ removed: 1 }));
    expect(await record("/gone")).toMatchObject({ state: "removed" });
    expect(denials("/gone")).toEqual([]);
  });

  it("counts a redirect answer to a delivery as a failure and does not follow it", async () => {
    await subscribe("/moved");
    hub.subscriber.setBehaviour("/moved", { deliver: 301 });
    changeAtom();
    await publish();
    expect(await record("/moved")).toMatchObject({ failures: 1 });
  });

  it("lets only one of two concurrent publishers of the same change notify", async () => {
    await subscribe("/once");
    changeAtom();
    await Promise.all([publish(), publish(), publish()]);
    expect(posts("/once")).toHaveLength(1);
  });
});
