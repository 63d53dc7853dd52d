import { buildDenialUrl, buildVerificationUrl, isChallengeEcho } from "./callback-url.ts";
import { subscriptionKey } from "./keys.ts";
import { parseSubscriptionRecord, type TopicState } from "./subscription-record.ts";
import { decideIntent, type VerifiedIntent } from "./subscription-rules.ts";
import { backoffMs, MAX_ATTEMPTS, withKeyLock, writeIfUnchanged } from "./records.ts";
import { releasePlace, reservePlace } from "./counters.ts";
import type { HubContext } from "./hub-context.ts";
import { readTopicState, recordCurrentTopicContent } from "./topic-store.ts";

export type VerificationResult =
  | { result: "applied"; action: "create" | "renew" | "remove" | "tombstone" }
  | { result: "ignored"; reason: string }
  | { result: "rejected"; reason: string }
  | { result: "denied"; reason: string };

/** §5.2 denial GET; its answer is read (capped) and ignored, and failures only logged. */
export async function sendDenial(ctx: HubContext, callback: string, topic: string, reason: string): Promise<void> {
  try {
    await ctx.client.send({
      url: buildDenialUrl(callback, topic, reason),
      method: "GET",
      timeoutMs: ctx.limits.verifyTimeoutMs,
      maxAnswerBytes: ctx.limits.maxAnswerBytes,
    });
  } catch (error) {
    ctx.log(`denial to ${new URL(callback).host} not delivered: ${(error as Error).message}`);
  }
}

/**
 * The §5.3 handshake: GET with a fresh challenge; only a 2xx whose body is
 * exactly the challenge confirms. A wrong body, a non-2xx (a redirect
 * included), a timeout, an oversized answer or a network error reject.
 */
async function confirmIntent(ctx: HubContext, intent: VerifiedIntent): Promise<string | null> {
  const challenge = ctx.createChallenge();
  const url = buildVerificationUrl(intent.callback, { mode: intent.mode, topic: intent.topic, challenge, leaseSeconds: intent.leaseSeconds });
  try {
    const answer = await ctx.client.send({ url, method: "GET", timeoutMs: ctx.limits.verifyTimeoutMs, maxAnswerBytes: ctx.limits.maxAnswerBytes });
    if (answer.status < 200 || answer.status > 299) return `verification answered ${answer.status}`;
    if (answer.truncated || !isChallengeEcho(answer.body, challenge)) return "verification answer did not echo the challenge";
    return null;
  } catch (error) {
    return `verification failed: ${(error as Error).message}`;
  }
}

/**
 * Records a topic's current content when no publish has recorded any yet (a new store), so the
 * subscriber starts at the version it can fetch now and the next deploy notifies it only of a real
 * change (docs/design.md: an unchanged rebuild notifies nobody). Returns the topic's state, or null
 * when the fetch failed, in which case the next publish notifies.
 */
async function seedTopicState(ctx: HubContext, topic: string): Promise<TopicState | null> {
  try {
    await recordCurrentTopicContent(ctx, topic);
  } catch (error) {
    ctx.log(`could not record the current content of ${topic} for a new subscriber: ${(error as Error).message}`);
    return null;
  }
  return readTopicState(ctx.store, topic);
}

/**
 * Verifies an intent, then applies it by compare-and-set, so the stored
 * state changes only once the subscriber confirmed (docs/design.md), and a
 * failed verification leaves an existing subscription untouched. A new
 * subscription first takes a place under the caps; if none is left the
 * subscriber gets a §5.2 denial.
 */
export async function verifyAndApply(ctx: HubContext, intent: VerifiedIntent): Promise<VerificationResult> {
  const startedAt = ctx.now();
  const problem = await confirmIntent(ctx, intent);
  if (problem !== null) {
    ctx.log(`${intent.mode} of ${new URL(intent.callback).host} rejected: ${problem}`);
    return { result: "rejected", reason: problem };
  }
  const key = subscriptionKey(intent.topic, intent.callback);
  let topicState = await readTopicState(ctx.store, intent.topic);
  if (topicState === null && intent.mode === "subscribe") topicState = await seedTopicState(ctx, intent.topic);
  const topicHash = topicState?.hash ?? null;
  return withKeyLock(key, async (): Promise<VerificationResult> => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await ctx.store.getVersioned(key);
      // §5.3: the lease runs from the time the verification request was made.
      const decision = decideIntent(parseSubscriptionRecord(current.value), intent, startedAt, topicHash);
      if (decision.action === "ignore") return { result: "ignored", reason: decision.reason };
      if (decision.action === "create") {
        const full = await reservePlace(ctx, intent.host, ctx.limits);
        if (full !== null) {
          const reason = full === "host" ? "too many subscriptions for this callback host" : "the hub has reached its subscription limit";
          await sendDenial(ctx, intent.callback, intent.topic, reason);
          return { result: "denied", reason };
        }
      }
      if (await writeIfUnchanged(ctx.store, key, current.etag, decision.record)) {
        if (decision.action === "remove") await releasePlace(ctx, intent.host);
        return { result: "applied", action: decision.action };
      }
      if (decision.action === "create") await releasePlace(ctx, intent.host);
      await ctx.sleep(backoffMs(attempt));
    }
    throw new Error(`gave up applying ${intent.mode} for ${key} after repeated conflicts`);
  });
}
