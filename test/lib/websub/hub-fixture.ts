import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import type { HubContext } from "../../../src/lib/websub/hub-context.ts";
import { runHubWorkflow } from "../../../src/lib/websub/hub-workflow.ts";
import { HUB_LIMITS, type HubLimits } from "../../../src/lib/websub/hub-limits.ts";
import { listTopics } from "../../../src/lib/websub/topics.ts";
import { createMemoryRecordStore, type MemoryRecordStore } from "../../support/memory-record-store.ts";
import { createMemorySubscriber, type MemorySubscriber } from "../../support/memory-subscriber.ts";

export const BASE = "https://reviews.example";
export const URLS = createSiteUrls(BASE);

/**
 * The hub's workflow in memory: the in-memory record store, in-memory
 * subscribers, a site whose topic bytes the test sets and a clock the test
 * moves. Requests go through the workflow's own handler; the callback
 * guard's early check is the test's (`refuse`), since the guard is the
 * platform's (test/platform/websub covers it over real HTTPS and Blobs).
 */
export interface MemoryHub {
  ctx: HubContext;
  store: MemoryRecordStore;
  subscriber: MemorySubscriber;
  /** What the site serves per topic URL; tests change it to make a content change. */
  site: Map<string, string>;
  clock: { now: number };
  logs: string[];
  /** Callback URLs the guard's early check refuses, with the reason. */
  refuse: Map<string, string>;
  post: (fields: Record<string, string>, init?: RequestInit) => Promise<Response>;
  /** Waits for all background work (verification, publish) started by requests so far; returns how each settled. */
  drain: () => Promise<PromiseSettledResult<unknown>[]>;
}

export function startMemoryHub(limits: Partial<HubLimits> = {}, overrides: Partial<HubContext> = {}): MemoryHub {
  const store = createMemoryRecordStore();
  const subscriber = createMemorySubscriber();
  const site = new Map<string, string>([
    [URLS.atomFeed, "<feed>v1</feed>"],
    [URLS.jsonFeed, '{"version":"v1"}'],
    [URLS.reviews, '{"reviews":[]}'],
  ]);
  const clock = { now: Date.parse("2026-11-01T00:00:00Z") };
  const logs: string[] = [];
  const refuse = new Map<string, string>();
  let challenges = 0;
  const ctx: HubContext = {
    store,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    urls: URLS,
    topics: listTopics(URLS),
    client: subscriber.client,
    fetchTopic: async (url) => new TextEncoder().encode(site.get(url) ?? ""),
    limits: { ...HUB_LIMITS, ...limits },
    now: () => clock.now,
    createChallenge: () => `challenge-${++challenges}-${"x".repeat(32)}`,
    log: (message) => logs.push(message),
    ...overrides,
  };
  const pending: Promise<unknown>[] = [];
  const post = (fields: Record<string, string>, init: RequestInit = {}) =>
    runHubWorkflow(
      new Request(URLS.hub, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        ...init,
      }),
      ctx,
      { waitUntil: (promise) => void pending.push(promise), findCallbackRefusal: async (url) => refuse.get(url.href) ?? null },
    );
  return {
    ctx,
    store,
    subscriber,
    site,
    clock,
    logs,
    refuse,
    post,
    drain: async () => {
      const settled: PromiseSettledResult<unknown>[] = [];
      while (pending.length > 0) settled.push(...(await Promise.allSettled(pending.splice(0))));
      return settled;
    },
  };
}

export const subscribeFields = (callback: string, topic = URLS.atomFeed, extra: Record<string, string> = {}) => ({
  "hub.mode": "subscribe",
  "hub.callback": callback,
  "hub.topic": topic,
  ...extra,
});

export const unsubscribeFields = (callback: string, topic = URLS.atomFeed) => ({ ...subscribeFields(callback, topic), "hub.mode": "unsubscribe" });
