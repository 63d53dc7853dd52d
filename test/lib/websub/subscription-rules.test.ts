import { describe, expect, it } from "vitest";
import type { SubscriptionRecord, TopicState } from "../../../src/lib/websub/subscription-record.ts";
import { applyDeliveryOutcome, decideIntent, isPurgeable, isRetryDue, type VerifiedIntent } from "../../../src/lib/websub/subscription-rules.ts";

const NOW = 1_000_000;
const intent = (overrides: Partial<VerifiedIntent> = {}): VerifiedIntent => ({
  mode: "subscribe",
  topic: "https://t.example/feed.xml",
  callback: "https://s.example/cb",
  host: "s.example",
  secret: "k",
  leaseSeconds: 60,
  requestedAt: NOW,
  ...overrides,
});
const active = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  version: 1,
  state: "active",
  topic: "https://t.example/feed.xml",
  callback: "https://s.example/cb",
  host: "s.example",
  secret: "old",
  leaseSeconds: 60,
  requestedAt: NOW - 10,
  expiresAt: NOW + 50_000,
  deliveredHash: "h1",
  failures: 1,
  nextAttemptAt: NOW + 60_000,
  removedAt: null,
  removedReason: null,
  ...overrides,
});
const removed = (overrides: Partial<SubscriptionRecord> = {}) => active({ state: "removed", removedAt: NOW - 10, ...overrides });

describe("decideIntent", () => {
  it.each([
    ["subscribe, nothing stored", intent(), null, "create"],
    ["subscribe over a tombstone", intent(), removed(), "create"],
    ["subscribe over an active one", intent(), active(), "renew"],
    ["subscribe over an expired, unswept one", intent(), active({ expiresAt: NOW - 1 }), "renew"],
    ["subscribe older than the stored request", intent({ requestedAt: NOW - 20 }), active(), "ignore"],
    ["unsubscribe an active one", intent({ mode: "unsubscribe" }), active(), "remove"],
    ["unsubscribe, nothing stored", intent({ mode: "unsubscribe" }), null, "tombstone"],
    ["unsubscribe older than a re-subscribe", intent({ mode: "unsubscribe", requestedAt: NOW - 20 }), active(), "ignore"],
    ["subscribe older than an unsubscribe's tombstone", intent({ requestedAt: NOW - 20 }), removed(), "ignore"],
  ])("%s", (_name, verified, existing, action) => {
    expect(decideIntent(existing, verified, NOW, "h2").action).toBe(action);
  });

  it("starts a new subscription at the current content, with the granted lease", () => {
    const decision = decideIntent(null, intent(), NOW, "h2");
    expect(decision).toMatchObject({ record: { state: "active", deliveredHash: "h2", expiresAt: NOW + 60_000, failures: 0, secret: "k" } });
  });

  it("renews the lease and secret but keeps the delivery state", () => {
    const decision = decideIntent(active(), intent({ leaseSeconds: 120 }), NOW, "h2");
    expect(decision).toMatchObject({ record: { expiresAt: NOW + 120_000, secret: "k", deliveredHash: "h1", failures: 1 } });
  });
});

describe("applyDeliveryOutcome", () => {
  it("resets the count on success", () => {
    expect(applyDeliveryOutcome(active({ failures: 2 }), { kind: "success" }, "h2", NOW)).toMatchObject({
      removed: false,
      record: { failures: 0, nextAttemptAt: null, deliveredHash: "h2" },
    });
  });

  it.each([
    [0, false],
    [1, false],
    [2, true],
  ])("with %s earlier failures, one more removes: %s", (failures, removedNow) => {
    const result = applyDeliveryOutcome(active({ failures }), { kind: "failure", reason: "answered 500" }, "h2", NOW);
    expect(result.removed).toBe(removedNow);
    expect(result.deny).toBe(removedNow);
    if (!removedNow) expect(result.record).toMatchObject({ failures: failures + 1, deliveredHash: "h1" });
  });

  it("removes at once on 410, without a denial", () => {
    expect(applyDeliveryOutcome(active({ failures: 0 }), { kind: "gone" }, "h2", NOW)).toMatchObject({
      removed: true,
      deny: false,
      record: { state: "removed" },
    });
  });
});

describe("retry and purge timing", () => {
  const topic: TopicState = { version: 1, topic: "https://t.example/feed.xml", hash: "h2", changedAt: NOW };
  it.each([
    ["behind, backoff over", active({ nextAttemptAt: NOW }), NOW, true],
    ["behind, backoff running", active(), NOW, false],
    ["up to date", active({ deliveredHash: "h2", failures: 0, nextAttemptAt: null }), NOW, false],
    ["never tried, fan-out just started", active({ failures: 0, nextAttemptAt: null }), NOW + 1000, false],
    ["never tried, fan-out stalled", active({ failures: 0, nextAttemptAt: null, expiresAt: NOW + 9e9 }), NOW + 121_000, true],
    ["expired", active({ nextAttemptAt: NOW, expiresAt: NOW }), NOW, false],
    ["removed", removed({ nextAttemptAt: NOW }), NOW, false],
  ])("%s", (_name, record, now, due) => {
    expect(isRetryDue(record, topic, now)).toBe(due);
  });

  it("purges a tombstone after an hour only", () => {
    expect(isPurgeable(removed({ removedAt: NOW }), NOW + 3_599_999)).toBe(false);
    expect(isPurgeable(removed({ removedAt: NOW }), NOW + 3_600_000)).toBe(true);
    expect(isPurgeable(active(), NOW + 9e9)).toBe(false);
  });
});
