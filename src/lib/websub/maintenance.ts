import { isLeaseExpired } from "./lease.ts";
import { SUBSCRIPTION_PREFIX } from "./keys.ts";
import { parseSubscriptionRecord, type TopicState } from "./subscription-record.ts";
import { isPurgeable, isRetryDue } from "./subscription-rules.ts";
import { findTopic } from "./topics.ts";
import { reconcileCounters, snapshotCounters } from "./counters.ts";
import { deliverToSubscription, expireSubscription, type DeliveryTally, type TopicContent } from "./delivery.ts";
import type { HubContext } from "./hub-context.ts";
import { runPool } from "./pool.ts";
import { readTopicContent, readTopicState } from "./topic-store.ts";

export interface MaintenanceSummary {
  active: number;
  expired: number;
  purged: number;
  retried: Record<DeliveryTally, number>;
  countersFixed: number;
}

/**
 * The scheduled sweep (netlify/functions/websub-retry.ts): ends expired
 * leases, deletes old tombstones, retries deliveries that are due (always
 * with the topic's latest content), and recounts the caps. Listed page by
 * page with bounded concurrency.
 */
export async function runMaintenance(ctx: HubContext, deadline = Infinity): Promise<MaintenanceSummary> {
  const summary: MaintenanceSummary = { active: 0, expired: 0, purged: 0, retried: { delivered: 0, failed: 0, removed: 0, skipped: 0 }, countersFixed: 0 };
  const snapshot = await snapshotCounters(ctx.store);
  const perHost = new Map<string, number>();
  const contents = new Map<string, Promise<TopicContent | null>>();
  const latestContent = (topicUrl: string): Promise<TopicContent | null> => {
    let content = contents.get(topicUrl);
    if (content === undefined) {
      content = (async () => {
        const topic = findTopic(ctx.topics, topicUrl);
        const state: TopicState | null = topic ? await readTopicState(ctx.store, topicUrl) : null;
        const body = state ? await readTopicContent(ctx.store, state) : null;
        return topic && state && body ? { topic, state, body } : null;
      })();
      contents.set(topicUrl, content);
    }
    return content;
  };
  let complete = true;
  for await (const page of ctx.store.list(SUBSCRIPTION_PREFIX)) {
    await runPool(page, ctx.limits.deliveryConcurrency, async ({ key, etag }) => {
      if (ctx.now() > deadline) {
        complete = false;
        return;
      }
      try {
        const current = await ctx.store.getVersioned(key, etag);
        const record = parseSubscriptionRecord(current.value);
        if (record === null || current.etag === null) return;
        const now = ctx.now();
        if (isPurgeable(record, now)) {
          // The store has no conditional delete (Blobs has none); a tombstone this old cannot be raced by a verification in flight.
          await ctx.store.delete(key);
          summary.purged++;
          return;
        }
        if (record.state !== "active") return;
        if (isLeaseExpired(record.expiresAt, now)) {
          if (await expireSubscription(ctx, key, record, current.etag)) summary.expired++;
          return;
        }
        summary.active++;
        perHost.set(record.host, (perHost.get(record.host) ?? 0) + 1);
        const content = await latestContent(record.topic);
        if (content !== null && isRetryDue(record, content.state, now)) summary.retried[await deliverToSubscription(ctx, key, content)]++;
      } catch (error) {
        complete = false;
        ctx.log(`maintenance of ${key} failed: ${(error as Error).message}`);
      }
    });
  }
  if (complete) summary.countersFixed = await reconcileCounters(ctx.store, snapshot, perHost, summary.active);
  return summary;
}
