import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appendHubParams, buildDenialUrl, buildVerificationUrl, isChallengeEcho } from "../../../src/lib/websub/callback-url.ts";
import { subscriptionKey, topicPrefix } from "../../../src/lib/websub/keys.ts";
import { clampLeaseSeconds, isLeaseExpired, LEASE_SECONDS } from "../../../src/lib/websub/lease.ts";
import { classifyDeliveryStatus, computeNextAttempt } from "../../../src/lib/websub/retry-policy.ts";
import { signBody } from "../../../src/lib/websub/signature.ts";

describe("lease rules", () => {
  it.each([
    [undefined, LEASE_SECONDS.default],
    [0, LEASE_SECONDS.min],
    [9, LEASE_SECONDS.min],
    [10, 10],
    [3600.9, 3600],
    [LEASE_SECONDS.max + 1, LEASE_SECONDS.max],
  ])("clamps %s to %s seconds", (requested, granted) => {
    expect(clampLeaseSeconds(requested)).toBe(granted);
  });

  it("defaults to 10 days (docs/design.md)", () => {
    expect(LEASE_SECONDS.default).toBe(864_000);
  });

  it.each([
    [1000, 999, false],
    [1000, 1000, true],
    [1000, 1001, true],
  ])("a lease expiring at %s is expired at %s: %s", (expiresAt, now, expired) => {
    expect(isLeaseExpired(expiresAt, now)).toBe(expired);
  });
});

describe("callback URLs (§5.1.1 keeps the callback's query)", () => {
  it("appends hub.* after the callback's own parameters", () => {
    expect(appendHubParams("https://s.example/cb?a=1&a=2", { "hub.mode": "denied" })).toBe("https://s.example/cb?a=1&a=2&hub.mode=denied");
  });

  it.each([
    [
      "a bare key, a %20, a tilde and semicolons",
      "https://s.example/cb?x&a=b%20c&t=~;k=v&e=%2F",
      "https://s.example/cb?x&a=b%20c&t=~;k=v&e=%2F&hub.mode=denied",
    ],
    ["an empty query", "https://s.example/cb?", "https://s.example/cb?hub.mode=denied"],
    ["no query, and a fragment (never sent)", "https://s.example/cb#frag", "https://s.example/cb?hub.mode=denied"],
    ["a query and a fragment", "https://s.example/cb?k=v#frag", "https://s.example/cb?k=v&hub.mode=denied"],
  ])("keeps the callback's query byte for byte: %s", (_name, callback, expected) => {
    expect(appendHubParams(callback, { "hub.mode": "denied" })).toBe(expected);
  });

  it("builds the verification GET with the granted lease for subscribe and 0 for unsubscribe", () => {
    const subscribe = new URL(
      buildVerificationUrl("https://s.example/cb?k=v", { mode: "subscribe", topic: "https://t.example/feed.xml", challenge: "c h", leaseSeconds: 60 }),
    );
    expect(Object.fromEntries(subscribe.searchParams)).toEqual({
      k: "v",
      "hub.mode": "subscribe",
      "hub.topic": "https://t.example/feed.xml",
      "hub.challenge": "c h",
      "hub.lease_seconds": "60",
    });
    const unsubscribe = new URL(buildVerificationUrl("https://s.example/cb", { mode: "unsubscribe", topic: "t", challenge: "c", leaseSeconds: 60 }));
    expect(unsubscribe.searchParams.get("hub.lease_seconds")).toBe("0");
  });

  it("builds the §5.2 denial", () => {
    const url = new URL(buildDenialUrl("https://s.example/cb", "https://t.example/feed.xml", "gone"));
    expect(Object.fromEntries(url.searchParams)).toEqual({ "hub.mode": "denied", "hub.topic": "https://t.example/feed.xml", "hub.reason": "gone" });
  });

  it.each([
    ["abc", "abc", true],
    ["abc ", "abc", false],
    ["ABC", "abc", false],
    ["", "abc", false],
    ["abcd", "abc", false],
  ])("echo %j of challenge %j confirms: %s", (body, challenge, ok) => {
    expect(isChallengeEcho(new TextEncoder().encode(body), challenge)).toBe(ok);
  });
});

describe("signatures and retries", () => {
  it("signs the exact body with HMAC-SHA256 as sha256=<hex>", () => {
    const body = new TextEncoder().encode("<feed/>");
    expect(signBody("secret", body)).toBe(`sha256=${createHmac("sha256", "secret").update(body).digest("hex")}`);
  });

  it.each([
    [200, "success"],
    [204, "success"],
    [299, "success"],
    [301, "failure"],
    [302, "failure"],
    [404, "failure"],
    [410, "gone"],
    [500, "failure"],
  ])("a delivery answered %s counts as %s", (status, kind) => {
    expect(classifyDeliveryStatus(status).kind).toBe(kind);
  });

  it.each([
    [1, 60_000],
    [2, 300_000],
    [5, 300_000],
  ])("after %s failures waits %s ms", (failures, wait) => {
    expect(computeNextAttempt(failures, 1000)).toBe(1000 + wait);
  });

  it("keys one subscription per topic and callback, grouped by topic", () => {
    const key = subscriptionKey("https://t.example/feed.xml", "https://s.example/cb");
    expect(key.startsWith(topicPrefix("https://t.example/feed.xml"))).toBe(true);
    expect(key).not.toBe(subscriptionKey("https://t.example/feed.xml", "https://s.example/cb?x"));
  });
});
