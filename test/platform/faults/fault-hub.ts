import { getStore, type Store } from "@netlify/blobs";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import { HUB_LIMITS, type HubLimits } from "../../../src/lib/websub/hub-limits.ts";
import { hostCountKey, SUBSCRIPTION_PREFIX, subscriptionKey, TOTAL_COUNT_KEY } from "../../../src/lib/websub/keys.ts";
import { parseSubscriptionRecord, SubscriptionRecordSchema, type SubscriptionRecord } from "../../../src/lib/websub/subscription-record.ts";
import { createBlobsRecordStore } from "../../../src/platform/websub/blobs-record-store.ts";
import { createCallbackClient, type CallbackClient, type Resolver } from "../../../src/platform/websub/guarded-client.ts";
import type { HubContext } from "../../../src/lib/websub/hub-context.ts";
import { createHubContext } from "../../../src/platform/websub/create-hub-context.ts";
import { handleHubRequest } from "../../../src/platform/websub/hub-endpoint.ts";
import { startBlobsServer } from "../../support/blobs.ts";
import { createFaultyStore, type FaultyStore } from "../../support/faulty-store.ts";
import type { TestTls } from "../../support/test-ca.ts";

export const BASE = "https://reviews.example";
export const URLS = createSiteUrls(BASE);

/** Every callback host of these tests is loopback; the guard's address rule is lifted (allowPrivate), TLS checks are not. */
const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];

/** One request the hub made to a callback, as its client saw it. */
export interface RecordedAnswer {
  url: string;
  method: string;
  status: number | null;
  bytes: number | null;
  truncated: boolean | null;
  error: string | null;
  ms: number;
}

/**
 * An in-process hub for fault tests: a real file-backed Blobs server behind
 * a {@link FaultyStore}, the real guarded HTTPS client (trusting the test CA)
 * wrapped to record every answer, a site whose topic bytes the test sets, and
 * a clock the test moves. Requests go through `handleHubRequest`; background
 * work is collected and `drain` reports how each piece settled.
 */
export interface FaultHub {
  ctx: HubContext;
  faulty: FaultyStore;
  /** The same Blobs store without faults, for the test's own reads. */
  real: Store;
  site: Map<string, string>;
  clock: { now: number };
  logs: string[];
  answers: RecordedAnswer[];
  post: (fields: Record<string, string>) => Promise<Response>;
  drain: () => Promise<PromiseSettledResult<unknown>[]>;
  /** Puts new bytes on the site for `topic` (default: the Atom feed) and returns them. */
  change: (topic?: string) => string;
  record: (callback: string, topic?: string) => Promise<SubscriptionRecord | null>;
  /** Every stored subscription key and whether its value still parses. */
  storedSubscriptions: () => Promise<{ key: string; record: SubscriptionRecord | null; raw: unknown }[]>;
  count: (key: string) => Promise<number>;
  counters: () => Promise<{ total: number; localhost: number }>;
  stop: () => Promise<void>;
}

function recordAnswers(inner: CallbackClient, answers: RecordedAnswer[]): CallbackClient {
  return {
    async send(request) {
      const started = performance.now();
      const entry = { url: request.url, method: request.method };
      try {
        const answer = await inner.send(request);
        answers.push({
          ...entry,
          status: answer.status,
          bytes: answer.body.byteLength,
          truncated: answer.truncated,
          error: null,
          ms: performance.now() - started,
        });
        return answer;
      } catch (error) {
        const code = (error as { code?: string }).code;
        answers.push({ ...entry, status: null, bytes: null, truncated: null, error: code ?? (error as Error).message, ms: performance.now() - started });
        throw error;
      }
    },
  };
}

let version = 1;

export async function startFaultHub(tls: TestTls, limits: Partial<HubLimits> = {}): Promise<FaultHub> {
  const blobs = await startBlobsServer();
  const real = getStore({ name: "websub", consistency: "strong" });
  const faulty = createFaultyStore(real);
  const site = new Map<string, string>([
    [URLS.atomFeed, "<feed>v1</feed>"],
    [URLS.jsonFeed, '{"version":"v1"}'],
    [URLS.reviews, '{"reviews":[]}'],
  ]);
  const clock = { now: Date.parse("2026-11-01T00:00:00Z") };
  const logs: string[] = [];
  const answers: RecordedAnswer[] = [];
  const ctx = createHubContext(
    {},
    {
      store: createBlobsRecordStore(faulty.store),
      urls: URLS,
      client: recordAnswers(createCallbackClient({ allowPrivate: true, resolve: toLoopback, extraCa: [tls.caPem] }), answers),
      fetchTopic: async (url) => new TextEncoder().encode(site.get(url) ?? ""),
      limits: { ...HUB_LIMITS, ...limits },
      now: () => clock.now,
      log: (message) => logs.push(message),
    },
  );
  const pending: Promise<unknown>[] = [];
  const post = (fields: Record<string, string>) =>
    handleHubRequest(
      new Request(URLS.hub, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() }),
      ctx,
      { waitUntil: (promise) => void pending.push(promise), allowPrivate: true, resolve: toLoopback },
    );
  const count = async (key: string) => ((await real.get(key, { type: "json" })) as { count?: number } | null)?.count ?? 0;
  return {
    ctx,
    faulty,
    real,
    site,
    clock,
    logs,
    answers,
    post,
    drain: async () => {
      const settled: PromiseSettledResult<unknown>[] = [];
      while (pending.length > 0) settled.push(...(await Promise.allSettled(pending.splice(0))));
      return settled;
    },
    change: (topic = URLS.atomFeed) => {
      const body = topic === URLS.atomFeed ? `<feed>v${++version}</feed>` : `{"version":"v${++version}"}`;
      site.set(topic, body);
      return body;
    },
    record: async (callback, topic = URLS.atomFeed) => parseSubscriptionRecord(await real.get(subscriptionKey(topic, callback), { type: "json" })),
    storedSubscriptions: async () => {
      const { blobs: listed } = await real.list({ prefix: SUBSCRIPTION_PREFIX });
      return Promise.all(
        listed.map(async ({ key }) => {
          const raw = (await real.get(key, { type: "json" })) as unknown;
          return { key, raw, record: SubscriptionRecordSchema.safeParse(raw).success ? parseSubscriptionRecord(raw) : null };
        }),
      );
    },
    count,
    counters: async () => ({ total: await count(TOTAL_COUNT_KEY), localhost: await count(hostCountKey("localhost")) }),
    stop: () => blobs.stop(),
  };
}

export const subscribeFields = (callback: string, topic = URLS.atomFeed, extra: Record<string, string> = {}): Record<string, string> => ({
  "hub.mode": "subscribe",
  "hub.callback": callback,
  "hub.topic": topic,
  ...extra,
});

export const unsubscribeFields = (callback: string, topic = URLS.atomFeed): Record<string, string> => ({
  ...subscribeFields(callback, topic),
  "hub.mode": "unsubscribe",
});
