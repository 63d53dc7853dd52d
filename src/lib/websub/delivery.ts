import { formatTopicLinks } from "../http/link-header.ts";
import { isLeaseExpired } from "./lease.ts";
import { classifyDeliveryStatus, type DeliveryOutcome } from "./retry-policy.ts";
import { signBody } from "./signature.ts";
import { parseSubscriptionRecord, type SubscriptionRecord, type TopicState } from "./subscription-record.ts";
import { applyDeliveryOutcome, createTombstone } from "./subscription-rules.ts";
import type { Topic } from "./topics.ts";
import { updateRecord, writeIfUnchanged } from "./records.ts";
import { releasePlace } from "./counters.ts";
import type { HubContext } from "./hub-context.ts";
import { sendDenial } from "./verification.ts";

/** Content of one topic version, shared by every delivery of a fan-out. */
export interface TopicContent {
  topic: Topic;
  state: TopicState;
  body: Uint8Array;
}

export type DeliveryTally = "delivered" | "failed" | "removed" | "skipped";

/**
 * §7 content distribution: POST the full content with its type, the
 * `Link` header (rel="hub" and rel="self"), and with a secret
 * `X-Hub-Signature: sha256=<HMAC of the exact body>`.
 */
async function postContent(ctx: HubContext, record: SubscriptionRecord, content: TopicContent): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = {
    "Content-Type": content.topic.contentType,
    Link: formatTopicLinks(ctx.urls.hub, content.topic.url),
  };
  if (record.secret !== null) headers["X-Hub-Signature"] = signBody(record.secret, content.body);
  try {
    const answer = await ctx.client.send({
      url: record.callback,
      method: "POST",
      headers,
      body: content.body,
      timeoutMs: ctx.limits.deliveryTimeoutMs,
      maxAnswerBytes: ctx.limits.maxAnswerBytes,
    });
    return classifyDeliveryStatus(answer.status);
  } catch (error) {
    return { kind: "failure", reason: (error as Error).message };
  }
}

/** Same subscription (not a later re-subscribe that replaced it) and still active. */
const isSameSubscription = (a: SubscriptionRecord, b: SubscriptionRecord | null): b is SubscriptionRecord =>
  b !== null && b.state === "active" && b.requestedAt === a.requestedAt && b.callback === a.callback;

/** Ends a subscription whose lease ran out (docs/interface.md §3): a tombstone, and its place under the caps is freed. */
export async function expireSubscription(ctx: HubContext, key: string, record: SubscriptionRecord, etag: string): Promise<boolean> {
  const tombstone = createTombstone(record, record.requestedAt, ctx.now(), "lease expired");
  if (!(await writeIfUnchanged(ctx.store, key, etag, tombstone))) return false;
  await releasePlace(ctx, record.host);
  return true;
}

/**
 * Delivers `content` to the subscription at `key` if it is active, within
 * its lease and behind this content, then records the outcome by
 * compare-and-set (re-applied to the latest record on a conflict).
 */
export async function deliverToSubscription(ctx: HubContext, key: string, content: TopicContent, listedEtag?: string): Promise<DeliveryTally> {
  const current = await ctx.store.getVersioned(key, listedEtag);
  const record = parseSubscriptionRecord(current.value);
  if (record === null || record.state !== "active" || current.etag === null) return "skipped";
  if (isLeaseExpired(record.expiresAt, ctx.now())) {
    await expireSubscription(ctx, key, record, current.etag);
    return "skipped";
  }
  if (record.deliveredHash === content.state.hash) return "skipped";
  const outcome = await postContent(ctx, record, content);
  const applied = applyDeliveryOutcome(record, outcome, content.state.hash, ctx.now());
  let written = await writeIfUnchanged(ctx.store, key, current.etag, applied.record);
  let result = applied;
  if (!written) {
    const retried = await updateRecord(ctx, key, (value) => {
      const latest = parseSubscriptionRecord(value);
      if (!isSameSubscription(record, latest)) return { result: null };
      const again = applyDeliveryOutcome(latest, outcome, content.state.hash, ctx.now());
      return { next: again.record, result: again };
    });
    written = retried !== null;
    if (retried !== null) result = retried;
  }
  if (!written) return outcome.kind === "success" ? "delivered" : "failed";
  if (result.removed) {
    await releasePlace(ctx, record.host);
    ctx.log(`removed ${new URL(record.callback).host} from ${content.topic.url}: ${result.record.removedReason}`);
    if (result.deny) await sendDenial(ctx, record.callback, record.topic, result.record.removedReason ?? "deliveries failed");
    return "removed";
  }
  return outcome.kind === "success" ? "delivered" : "failed";
}
