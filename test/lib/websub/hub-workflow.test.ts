import { beforeEach, describe, expect, it } from "vitest";
import { LEASE_SECONDS } from "../../../src/lib/websub/lease.ts";
import { publishTopics } from "../../../src/lib/websub/publish.ts";
import type { RecordStore } from "../../../src/lib/websub/record-store.ts";
import { startMemoryHub, subscribeFields, URLS, type MemoryHub } from "./hub-fixture.ts";

let hub: MemoryHub;
beforeEach(() => {
  hub = startMemoryHub();
});

describe("POST /api/websub/hub, the workflow's handler (Request -> Response)", () => {
  it("answers a valid subscribe with 202 and verifies with a GET carrying mode, topic, challenge and lease", async () => {
    const response = await hub.post(subscribeFields(hub.subscriber.url("/cb?user=7"), URLS.atomFeed, { "hub.lease_seconds": "3600" }));
    expect(response.status).toBe(202);
    await hub.drain();
    const [verification] = hub.subscriber.requests("/cb");
    expect(verification!.method).toBe("GET");
    expect(verification!.query.get("user")).toBe("7");
    expect(verification!.query.get("hub.mode")).toBe("subscribe");
    expect(verification!.query.get("hub.topic")).toBe(URLS.atomFeed);
    expect(verification!.query.get("hub.lease_seconds")).toBe("3600");
    expect(verification!.query.get("hub.challenge")).toMatch(/^challenge-1-/);
  });

  it("uses a fresh challenge for every verification", async () => {
    await hub.post(subscribeFields(hub.subscriber.url("/a")));
    await hub.post(subscribeFields(hub.subscriber.url("/a")));
    await hub.drain();
    const challenges = hub.subscriber.requests("/a").map((r) => r.query.get("hub.challenge"));
    expect(new Set(challenges).size).toBe(2);
  });

  it.each([
    ["no lease", undefined, LEASE_SECONDS.default],
    ["a lease below the minimum", "1", LEASE_SECONDS.min],
    ["a lease above the maximum", "999999999", LEASE_SECONDS.max],
    ["a lease of 13 digits", "9999999999999", LEASE_SECONDS.max],
    ["a lease of 300 digits", "9".repeat(300), LEASE_SECONDS.max],
    ["a short lease with leading zeros", "0000000000005", LEASE_SECONDS.min],
    ["a lease in range", "86400", 86400],
  ])("grants the clamped lease for %s", async (_name, requested, granted) => {
    const response = await hub.post(subscribeFields(hub.subscriber.url("/lease"), URLS.atomFeed, requested ? { "hub.lease_seconds": requested } : {}));
    expect(await response.json()).toMatchObject({ lease_seconds: granted });
    await hub.drain();
    expect(hub.subscriber.requests("/lease")[0]!.query.get("hub.lease_seconds")).toBe(String(granted));
  });

  it.each([
    ["a plain-HTTP callback", { "hub.callback": "http://localhost:9/cb" }, 400, "invalid_request"],
    ["a missing callback", { "hub.callback": undefined }, 400, "invalid_request"],
    ["a missing topic", { "hub.topic": undefined }, 400, "invalid_request"],
    ["a missing mode", { "hub.mode": undefined }, 400, "invalid_request"],
    ["an unknown topic", { "hub.topic": "https://reviews.example/insights.json" }, 400, "invalid_request"],
    ["a topic differing only by a slash", { "hub.topic": `${URLS.atomFeed}/` }, 400, "invalid_request"],
    ["a bad mode", { "hub.mode": "subscribe-all" }, 400, "invalid_request"],
    ["a secret of 200 bytes", { "hub.secret": "s".repeat(200) }, 400, "invalid_request"],
    ["a multi-byte secret of 200 bytes", { "hub.secret": "é".repeat(100) }, 400, "invalid_request"],
    ["a lease that is not a number", { "hub.lease_seconds": "ten" }, 400, "invalid_request"],
    ["a callback with credentials", { "hub.callback": "https://user:pw@localhost/cb" }, 400, "invalid_request"],
    ["an ftp callback", { "hub.callback": "ftp://localhost/cb" }, 400, "invalid_request"],
  ])("refuses %s with a JSON 4xx and sends no verification", async (_name, change, status, error) => {
    const fields: Record<string, string | undefined> = { ...subscribeFields(hub.subscriber.url("/never")), ...change };
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const response = await hub.post(body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error, message: expect.any(String) });
    await hub.drain();
    expect(hub.subscriber.requests()).toEqual([]);
  });

  it("accepts a secret of 199 bytes and tolerates unknown hub.* fields", async () => {
    const response = await hub.post(subscribeFields(hub.subscriber.url("/ok"), URLS.atomFeed, { "hub.secret": "s".repeat(199), "hub.future_thing": "x" }));
    expect(response.status).toBe(202);
  });

  it("refuses a repeated field", async () => {
    const body = new URLSearchParams(subscribeFields(hub.subscriber.url("/dup")));
    body.append("hub.topic", URLS.reviews);
    const response = await hub.post({}, { body: body.toString() });
    expect(response.status).toBe(400);
  });

  it("refuses the wrong content type with 415", async () => {
    const response = await hub.post({}, { headers: { "Content-Type": "application/json" }, body: JSON.stringify(subscribeFields(hub.subscriber.url("/j"))) });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: "unsupported_media_type" });
  });

  it.each([
    ["a declared length over the cap", true],
    ["a streamed body over the cap with no length", false],
  ])("refuses %s with 413", async (_name, declared) => {
    const text = new URLSearchParams({ ...subscribeFields(hub.subscriber.url("/big")), pad: "x".repeat(9000) }).toString();
    const body = declared
      ? text
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(text));
            controller.close();
          },
        });
    const response = await hub.post({}, { body, ...(declared ? {} : { duplex: "half" }) } as RequestInit);
    expect(response.status).toBe(413);
    expect(hub.subscriber.requests()).toEqual([]);
  });

  it("answers a CORS preflight with 204, the methods and headers a browser may send, and no verification", async () => {
    const response = await hub.post({}, { method: "OPTIONS", body: null, headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toContain("Content-Type");
    expect(hub.subscriber.requests()).toEqual([]);
  });

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST, OPTIONS", async (method) => {
    const response = await hub.post({}, { method, body: null });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("refuses with 400 callback_refused a callback the guard refuses, before any verification", async () => {
    hub.refuse.set(hub.subscriber.url("/private"), "subscriber.example resolves to a loopback address");
    const response = await hub.post(subscribeFields(hub.subscriber.url("/private")));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "callback_refused", message: "hub.callback is refused: subscriber.example resolves to a loopback address" });
    await hub.drain();
    expect(hub.subscriber.requests()).toEqual([]);
    expect(hub.store.keys().filter((key) => key.startsWith("sub/"))).toEqual([]);
  });

  it("answers 503 with a JSON body when the store fails, and stores nothing", async () => {
    const failing = new Proxy(hub.store, {
      get: (target, name) => (name === "get" ? () => Promise.reject(new Error("store down")) : Reflect.get(target, name)),
    }) as RecordStore;
    hub = startMemoryHub({}, { store: failing });
    const response = await hub.post(subscribeFields(hub.subscriber.url("/cb")));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await response.json()).toMatchObject({ error: "storage_unavailable" });
    await hub.drain();
    expect(hub.subscriber.requests()).toEqual([]);
    expect(hub.logs).toEqual(["storage unavailable: store down"]);
  });

  it("accepts a publish ping with hub.url and runs the diff in the background", async () => {
    const response = await hub.post({ "hub.mode": "publish", "hub.url": URLS.jsonFeed });
    expect(response.status).toBe(202);
    await hub.drain();
    expect(await publishTopics(hub.ctx, [hub.ctx.topics[1]!])).toEqual([expect.objectContaining({ status: "unchanged" })]);
  });
});
