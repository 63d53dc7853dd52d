import { describe, expect, it } from "vitest";
import { hostCountKey, TOTAL_COUNT_KEY } from "../../../src/lib/websub/keys.ts";
import { runMaintenance } from "../../../src/lib/websub/maintenance.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import { writeIfUnchanged } from "../../../src/lib/websub/records.ts";
import { SUBSCRIBER_HOST } from "../../support/memory-subscriber.ts";
import { startMemoryHub, subscribeFields, URLS, type MemoryHub } from "./hub-fixture.ts";

let hub: MemoryHub;

const count = async (key: string) => ((await hub.store.get(key)) as { count: number } | null)?.count ?? 0;
/** Overwrites a record as another writer would (a drifted counter). */
const overwrite = async (key: string, value: unknown) => {
  const { etag } = await hub.store.getVersioned(key);
  expect(await writeIfUnchanged(hub.store, key, etag, value)).toBe(true);
};
const posted = () =>
  new Set(
    hub.subscriber
      .requests()
      .filter((r) => r.method === "POST")
      .map((r) => r.path),
  );

describe("concurrent requests against one store", () => {
  it("loses no subscription or unsubscription in a storm, and keeps the caps' counters exact", async () => {
    hub = startMemoryHub();
    await publishTopics(hub.ctx, hub.ctx.topics);
    const paths = Array.from({ length: 40 }, (_, i) => `/storm/${i}`);
    await Promise.all(paths.map((path) => hub.post(subscribeFields(hub.subscriber.url(path)))));
    await hub.drain();
    const leaving = paths.filter((_, i) => i % 2 === 0);
    const joining = Array.from({ length: 20 }, (_, i) => `/storm/late-${i}`);
    await Promise.all([
      ...leaving.map((path) => hub.post({ ...subscribeFields(hub.subscriber.url(path)), "hub.mode": "unsubscribe" })),
      ...joining.map((path) => hub.post(subscribeFields(hub.subscriber.url(path)))),
    ]);
    await hub.drain();
    hub.site.set(URLS.atomFeed, "<feed>storm</feed>");
    await publishTopics(hub.ctx, hub.ctx.topics);
    const expected = [...paths.filter((p) => !leaving.includes(p)), ...joining];
    expect([...posted()].sort()).toEqual(expected.sort());
    expect(await count(TOTAL_COUNT_KEY)).toBe(expected.length);
    expect(await count(hostCountKey(SUBSCRIBER_HOST))).toBe(expected.length);
  });

  it("applies the newer of two racing requests for the same callback, whatever order they verify in", async () => {
    hub = startMemoryHub();
    const callback = hub.subscriber.url("/race");
    // Unsubscribe arrives after subscribe, but both are verified concurrently.
    await hub.post(subscribeFields(callback));
    hub.clock.now += 1;
    await hub.post({ ...subscribeFields(callback), "hub.mode": "unsubscribe" });
    await hub.drain();
    hub.site.set(URLS.atomFeed, "<feed>race</feed>");
    await publishTopics(hub.ctx, hub.ctx.topics);
    expect(posted().has("/race")).toBe(false);
    expect(await count(TOTAL_COUNT_KEY)).toBe(0);
  });

  it("enforces the per-host cap: refuses early with 403, and denies a racing subscription (§5.2)", async () => {
    hub = startMemoryHub({ maxSubscriptionsPerHost: 3 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => hub.post(subscribeFields(hub.subscriber.url(`/cap/${i}`)))));
    await hub.drain();
    expect(await count(hostCountKey(SUBSCRIBER_HOST))).toBe(3);
    // Verification starts as soon as a request is accepted, so on a slow machine the first three can be
    // verified before the last requests are checked: those are refused at once (403) instead of denied later.
    const refused = answers.filter((answer) => answer.status === 403).length;
    const denied = hub.subscriber.requests().filter((r) => r.query.get("hub.mode") === "denied");
    expect(denied.length + refused).toBe(2);
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(5 - refused);
    const late = await hub.post(subscribeFields(hub.subscriber.url("/cap/6")));
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ error: "subscription_limit" });
    // A renewal of an existing subscription is not a new place.
    const renewal = await hub.post(subscribeFields(hub.subscriber.url("/cap/1")));
    expect(renewal.status).toBe(202);
  });

  it("enforces the total cap", async () => {
    hub = startMemoryHub({ maxSubscriptionsTotal: 2 });
    for (const i of [1, 2]) await hub.post(subscribeFields(hub.subscriber.url(`/total/${i}`)));
    await hub.drain();
    const response = await hub.post(subscribeFields(hub.subscriber.url("/total/3")));
    expect(response.status).toBe(403);
  });

  it("recounts drifted counters in the sweep", async () => {
    hub = startMemoryHub();
    await hub.post(subscribeFields(hub.subscriber.url("/counted")));
    await hub.drain();
    await overwrite(TOTAL_COUNT_KEY, { count: 57 });
    await overwrite(hostCountKey("gone.example"), { count: 4 });
    const summary = await runMaintenance(hub.ctx);
    expect(summary.countersFixed).toBe(2);
    expect(await count(TOTAL_COUNT_KEY)).toBe(1);
    expect(await count(hostCountKey("gone.example"))).toBe(0);
    expect(await count(hostCountKey(SUBSCRIBER_HOST))).toBe(1);
  });
});
