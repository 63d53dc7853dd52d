/**
 * `node bench/hub.bench.ts`: the hub notifies 1,000 HTTPS subscribers on
 * loopback (one server, 1,000 callback paths, a throwaway CA), in process,
 * with a real file-backed Blobs server. Reports the time of the publish step
 * (diff + fan-out + bookkeeping) and peak memory. Target: under 10 s.
 *
 * Subscriptions are seeded as stored records (the verification path has its
 * own tests); everything measured is the production code path.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { HUB_LIMITS } from "../src/lib/websub/hub-limits.ts";
import { subscriptionKey } from "../src/lib/websub/keys.ts";
import type { SubscriptionRecord } from "../src/lib/websub/subscription-record.ts";
import { cacheResolver, createCallbackClient, resolveWithDns } from "../src/platform/websub/guarded-client.ts";
import { createBlobsRecordStore } from "../src/platform/websub/blobs-record-store.ts";
import { createHubContext } from "../src/platform/websub/create-hub-context.ts";
import { runPool } from "../src/lib/websub/pool.ts";
import { publishTopics } from "../src/lib/websub/publish.ts";
import { startBlobsServer } from "../test/support/blobs.ts";
import { startHttpsSubscriber } from "../test/support/https-subscriber.ts";
import { createTestTls } from "../test/support/test-ca.ts";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const root = join(import.meta.dirname, "..");
const urls = createSiteUrls("https://reviews.example");
const atom = existsSync(join(root, "dist/feed.xml")) ? readFileSync(join(root, "dist/feed.xml")) : Buffer.from(`<feed>${"x".repeat(60_000)}</feed>`);

let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10);

const tls = await createTestTls();
const blobs = await startBlobsServer();
const subscriber = await startHttpsSubscriber(tls, { record: false });
const site = new Map<string, Uint8Array>([
  [urls.atomFeed, atom],
  [urls.jsonFeed, Buffer.from('{"version":"https://jsonfeed.org/version/1.1"}')],
  [urls.reviews, Buffer.from('{"reviews":[]}')],
]);
const ctx = createHubContext(
  {},
  {
    store: createBlobsRecordStore(getStore({ name: "websub", consistency: "strong" })),
    urls,
    client: createCallbackClient({ allowPrivate: true, resolve: cacheResolver(resolveWithDns), extraCa: [tls.caPem] }),
    fetchTopic: async (url) => site.get(url)!,
    limits: HUB_LIMITS,
    log: () => undefined,
  },
);

try {
  await publishTopics(ctx, ctx.topics); // the hashes of the current content
  const now = Date.now();
  await runPool(
    Array.from({ length: SUBSCRIBERS }, (_, i) => i),
    32,
    async (i) => {
      const callback = subscriber.url(`/subscriber/${i}`);
      const record: SubscriptionRecord = {
        version: 1,
        state: "active",
        topic: urls.atomFeed,
        callback,
        host: "localhost",
        secret: i % 2 === 0 ? `secret-${i}` : null,
        leaseSeconds: 864_000,
        requestedAt: now,
        expiresAt: now + 864_000_000,
        deliveredHash: null,
        failures: 0,
        nextAttemptAt: null,
        removedAt: null,
        removedReason: null,
      };
      await ctx.store.setIfAbsent(subscriptionKey(urls.atomFeed, callback), record);
    },
  );
  const rssBefore = process.memoryUsage.rss();
  peakRss = rssBefore;
  // Five publishes of a changed topic, each reaching every subscriber; the median is the figure.
  const RUNS = Number(process.env.HUB_BENCH_RUNS ?? 5);
  const times: number[] = [];
  let summary: Awaited<ReturnType<typeof publishTopics>>[number] | undefined;
  for (let run = 1; run <= RUNS; run += 1) {
    site.set(urls.atomFeed, Buffer.concat([atom, Buffer.from(`<!-- change ${run} -->`)]));
    const started = performance.now();
    [summary] = await publishTopics(ctx, ctx.topics);
    times.push((performance.now() - started) / 1000);
  }
  const elapsed = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const startedUnchanged = performance.now();
  await publishTopics(ctx, ctx.topics);
  const unchanged = (performance.now() - startedUnchanged) / 1000;
  const posts = subscriber.counts().POST ?? 0;
  console.log(
    JSON.stringify(
      {
        subscribers: SUBSCRIBERS,
        topic_bytes: site.get(urls.atomFeed)!.byteLength,
        delivered: summary!.delivered,
        failed: summary!.failed,
        publishes: RUNS,
        posts_received: posts,
        publish_seconds_each: times.map((t) => Number(t.toFixed(2))),
        median_publish_seconds: Number(elapsed.toFixed(2)),
        deliveries_per_second: Math.round(SUBSCRIBERS / elapsed),
        unchanged_publish_seconds: Number(unchanged.toFixed(3)),
        rss_before_mib: Math.round(rssBefore / 2 ** 20),
        peak_rss_mib: Math.round(peakRss / 2 ** 20),
        concurrency: HUB_LIMITS.deliveryConcurrency,
        target: "under 10 s",
        ok: posts === SUBSCRIBERS * RUNS && elapsed < 10,
      },
      null,
      2,
    ),
  );
  console.log(`median ${elapsed.toFixed(2)} s to notify ${SUBSCRIBERS} subscribers (target under 10 s), peak RSS ${Math.round(peakRss / 2 ** 20)} MiB`);
  if (posts !== SUBSCRIBERS * RUNS) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await subscriber.close();
  await blobs.stop();
}
