import { computeLeaseExpiry, isLeaseExpired } from "./lease.ts";
import { computeNextAttempt, MAX_CONSECUTIVE_FAILURES, STALLED_DELIVERY_MS, TOMBSTONE_TTL_MS, type DeliveryOutcome } from "./retry-policy.ts";
import type { SubscriptionRecord, TopicState } from "./subscription-record.ts";

/** A verified subscribe or unsubscribe, ready to apply (W3C WebSub §5.3). */
export interface VerifiedIntent {
  mode: "subscribe" | "unsubscribe";
  topic: string;
  callback: string;
  host: string;
  secret: string | null;
  /** The lease the hub granted (already clamped). */
  leaseSeconds: number;
  /** The hub's clock when the request arrived. */
  requestedAt: number;
}

/**
 * What applying an intent does to the stored state:
 * - `create`: a new active subscription (counts against the caps);
 * - `renew`: replaces an active one, e.g. a new lease or secret (no count change);
 * - `remove`: an active subscription becomes a tombstone (frees its place);
 * - `tombstone`: nothing active; a tombstone records the unsubscribe so an older subscribe verified later loses;
 * - `ignore`: a newer request already decided this pair.
 */
export type IntentDecision = { action: "create" | "renew" | "remove" | "tombstone"; record: SubscriptionRecord } | { action: "ignore"; reason: string };

export function createTombstone(base: SubscriptionRecord | VerifiedIntent, requestedAt: number, nowMs: number, reason: string): SubscriptionRecord {
  return {
    version: 1,
    state: "removed",
    topic: base.topic,
    callback: base.callback,
    host: base.host,
    secret: null,
    leaseSeconds: 0,
    requestedAt,
    expiresAt: nowMs,
    deliveredHash: null,
    failures: 0,
    nextAttemptAt: null,
    removedAt: nowMs,
    removedReason: reason,
  };
}

/** Decides what a verified intent changes. `topicHash` is the topic's current content hash, if known. */
export function decideIntent(existing: SubscriptionRecord | null, intent: VerifiedIntent, nowMs: number, topicHash: string | null): IntentDecision {
  if (existing !== null && existing.requestedAt > intent.requestedAt)
    return { action: "ignore", reason: "a newer request for this callback and topic was applied" };
  // An expired record still holds its place under the caps until the sweep removes it.
  const counted = existing !== null && existing.state === "active";
  const active = counted && !isLeaseExpired(existing.expiresAt, nowMs);
  if (intent.mode === "unsubscribe") {
    const tombstone = createTombstone(intent, intent.requestedAt, nowMs, "unsubscribed");
    return { action: counted ? "remove" : "tombstone", record: tombstone };
  }
  const record: SubscriptionRecord = {
    version: 1,
    state: "active",
    topic: intent.topic,
    callback: intent.callback,
    host: intent.host,
    secret: intent.secret,
    leaseSeconds: intent.leaseSeconds,
    requestedAt: intent.requestedAt,
    expiresAt: computeLeaseExpiry(nowMs, intent.leaseSeconds),
    // A new subscriber gets the next change, not the content it could fetch itself now.
    deliveredHash: active ? existing.deliveredHash : topicHash,
    failures: active ? existing.failures : 0,
    nextAttemptAt: active ? existing.nextAttemptAt : null,
    removedAt: null,
    removedReason: null,
  };
  return { action: counted ? "renew" : "create", record };
}

export interface DeliveryResult {
  record: SubscriptionRecord;
  /** The subscription was removed by this outcome. */
  removed: boolean;
  /** Send the §5.2 denial (after repeated failures, not after a 410). */
  deny: boolean;
}

/** Applies a delivery outcome of content `contentHash` (docs/design.md, "WebSub hub"). */
export function applyDeliveryOutcome(record: SubscriptionRecord, outcome: DeliveryOutcome, contentHash: string, nowMs: number): DeliveryResult {
  if (outcome.kind === "success") {
    return { record: { ...record, deliveredHash: contentHash, failures: 0, nextAttemptAt: null }, removed: false, deny: false };
  }
  if (outcome.kind === "gone") {
    return { record: createTombstone(record, record.requestedAt, nowMs, "callback answered 410 Gone"), removed: true, deny: false };
  }
  const failures = record.failures + 1;
  if (failures >= MAX_CONSECUTIVE_FAILURES) {
    const reason = `${failures} consecutive deliveries failed (last: ${outcome.reason})`;
    return { record: createTombstone(record, record.requestedAt, nowMs, reason), removed: true, deny: true };
  }
  return { record: { ...record, failures, nextAttemptAt: computeNextAttempt(failures, nowMs) }, removed: false, deny: false };
}

/** An active subscription whose lease has not run out. */
export function isDeliverable(record: SubscriptionRecord, nowMs: number): boolean {
  return record.state === "active" && !isLeaseExpired(record.expiresAt, nowMs);
}

/**
 * Whether the scheduled function should deliver now: the subscriber is behind
 * the topic and either its backoff has passed, or it was never tried (a
 * fan-out that ended early) for longer than {@link STALLED_DELIVERY_MS}.
 */
export function isRetryDue(record: SubscriptionRecord, topic: TopicState | null, nowMs: number): boolean {
  if (topic === null || !isDeliverable(record, nowMs) || record.deliveredHash === topic.hash) return false;
  if (record.failures > 0) return (record.nextAttemptAt ?? 0) <= nowMs;
  return topic.changedAt + STALLED_DELIVERY_MS <= nowMs;
}

/** A tombstone old enough that no verification in flight can still race it. */
export function isPurgeable(record: SubscriptionRecord, nowMs: number): boolean {
  return record.state === "removed" && (record.removedAt ?? 0) + TOMBSTONE_TTL_MS <= nowMs;
}
