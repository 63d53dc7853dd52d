import { topicPrefix } from "./keys.ts";
import type { Topic } from "./topics.ts";
import { deliverToSubscription, type DeliveryTally, type TopicContent } from "./delivery.ts";
import type { HubContext } from "./hub-context.ts";
import { runPool } from "./pool.ts";
import { recordCurrentTopicContent } from "./topic-store.ts";

export interface FanOutSummary {
  delivered: number;
  failed: number;
  removed: number;
  skipped: number;
}

export interface PublishSummary extends Partial<FanOutSummary> {
  topic: string;
  status: "changed" | "unchanged" | "error";
  hash?: string;
  message?: string;
}

/**
 * Notifies every subscriber of one topic version, listing subscriptions
 * page by page from the store with bounded concurrency, so memory stays bounded
 * by one page however many subscribers there are. After `deadline` no new
 * delivery starts; the scheduled function picks up whoever is still behind.
 */
export async function fanOutTopic(ctx: HubContext, content: TopicContent, deadline = Infinity): Promise<FanOutSummary> {
  const summary: FanOutSummary = { delivered: 0, failed: 0, removed: 0, skipped: 0 };
  const tally = (result: DeliveryTally) => void summary[result]++;
  for await (const page of ctx.store.list(topicPrefix(content.topic.url))) {
    await runPool(page, ctx.limits.deliveryConcurrency, async (listed) => {
      if (ctx.now() > deadline) return;
      try {
        tally(await deliverToSubscription(ctx, listed.key, content, listed.etag));
      } catch (error) {
        summary.failed++;
        ctx.log(`delivery bookkeeping for ${listed.key} failed: ${(error as Error).message}`);
      }
    });
  }
  return summary;
}

/**
 * The publish step shared by `deploy-succeeded` and `hub.mode=publish`
 * (docs/design.md): fetch each topic from the site, hash its bytes (sha256),
 * compare with the hash stored, and notify only the subscribers of
 * topics that changed. An unchanged topic notifies nobody.
 */
export async function publishTopics(ctx: HubContext, topics: readonly Topic[], deadline = Infinity): Promise<PublishSummary[]> {
  const summaries: PublishSummary[] = [];
  for (const topic of topics) {
    try {
      const { body, hash, state } = await recordCurrentTopicContent(ctx, topic.url);
      if (state === null) {
        summaries.push({ topic: topic.url, status: "unchanged", hash });
        continue;
      }
      const fanOut = await fanOutTopic(ctx, { topic, state, body }, deadline);
      summaries.push({ topic: topic.url, status: "changed", hash, ...fanOut });
    } catch (error) {
      ctx.log(`publish of ${topic.url} failed: ${(error as Error).message}`);
      summaries.push({ topic: topic.url, status: "error", message: (error as Error).message });
    }
  }
  return summaries;
}
