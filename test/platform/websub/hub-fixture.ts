import { getStore, type Store } from "@netlify/blobs";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import { HUB_LIMITS, type HubLimits } from "../../../src/lib/websub/hub-limits.ts";
import { createBlobsRecordStore } from "../../../src/platform/websub/blobs-record-store.ts";
import { createCallbackClient, resolveWithDns } from "../../../src/platform/websub/guarded-client.ts";
import type { HubContext } from "../../../src/lib/websub/hub-context.ts";
import { createHubContext } from "../../../src/platform/websub/create-hub-context.ts";
import { handleHubRequest } from "../../../src/platform/websub/hub-endpoint.ts";
import { startBlobsServer } from "../../support/blobs.ts";
import { startHttpsSubscriber, type HttpsSubscriber } from "../../support/https-subscriber.ts";
import { createTestTls, type TestTls } from "../../support/test-ca.ts";

export const BASE = "https://reviews.example";
export const URLS = createSiteUrls(BASE);

/** An in-process hub in production wiring: a real file-backed Blobs server behind the adapter, the guarded HTTPS client and a real HTTPS subscriber, a clock the test moves. */
export interface HubFixture {
  ctx: HubContext;
  /** The Blobs store behind `ctx.store`, for the test's own reads and writes. */
  blobs: Store;
  subscriber: HttpsSubscriber;
  tls: TestTls;
  /** What the site serves per topic URL; tests change it to make a content change. */
  site: Map<string, string>;
  clock: { now: number };
  logs: string[];
  post: (fields: Record<string, string>, init?: RequestInit) => Promise<Response>;
  /** Waits for all background work (verification, publish) started by requests so far. */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
}

let sharedTls: Promise<TestTls> | undefined;

export async function startHubFixture(limits: Partial<HubLimits> = {}): Promise<HubFixture> {
  sharedTls ??= createTestTls();
  const tls = await sharedTls;
  const blobs = await startBlobsServer();
  const subscriber = await startHttpsSubscriber(tls);
  const site = new Map<string, string>([
    [URLS.atomFeed, "<feed>v1</feed>"],
    [URLS.jsonFeed, '{"version":"v1"}'],
    [URLS.reviews, '{"reviews":[]}'],
  ]);
  const clock = { now: Date.parse("2026-11-01T00:00:00Z") };
  const logs: string[] = [];
  const store = getStore({ name: "websub", consistency: "strong" });
  const ctx = createHubContext(
    {},
    {
      store: createBlobsRecordStore(store),
      urls: URLS,
      client: createCallbackClient({ allowPrivate: true, resolve: resolveWithDns, extraCa: [tls.caPem] }),
      fetchTopic: async (url) => new TextEncoder().encode(site.get(url) ?? ""),
      limits: { ...HUB_LIMITS, ...limits },
      now: () => clock.now,
      log: (message) => logs.push(message),
    },
  );
  const pending: Promise<unknown>[] = [];
  const post = (fields: Record<string, string>, init: RequestInit = {}) =>
    handleHubRequest(
      new Request(URLS.hub, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        ...init,
      }),
      ctx,
      { waitUntil: (promise) => void pending.push(promise), allowPrivate: true },
    );
  return {
    ctx,
    blobs: store,
    subscriber,
    tls,
    site,
    clock,
    logs,
    post,
    drain: async () => {
      while (pending.length > 0) await Promise.all(pending.splice(0));
    },
    stop: async () => {
      await subscriber.close();
      await blobs.stop();
    },
  };
}

export const subscribeFields = (callback: string, topic = URLS.atomFeed, extra: Record<string, string> = {}) => ({
  "hub.mode": "subscribe",
  "hub.callback": callback,
  "hub.topic": topic,
  ...extra,
});
