import { randomBytes } from "node:crypto";
import type { Store } from "@netlify/blobs";
import { createSiteUrls, type SiteUrls } from "../../lib/dataset/site-urls.ts";
import { HUB_LIMITS, type HubLimits } from "../../lib/websub/hub-limits.ts";
import { listTopics, type Topic } from "../../lib/websub/topics.ts";
import { openStore } from "../blobs.ts";
import { getSiteUrl, isPrivateCallbackAllowed } from "../env.ts";
import { cacheResolver, createCallbackClient, resolveWithDns, type CallbackClient } from "./guarded-client.ts";
import { fetchSiteTopic, type TopicFetcher } from "./topic-fetch.ts";

/** Everything the hub's effects go through, injected so tests and the benchmark can swap parts. */
export interface HubContext {
  store: Store;
  urls: SiteUrls;
  topics: Topic[];
  client: CallbackClient;
  fetchTopic: TopicFetcher;
  limits: HubLimits;
  now: () => number;
  /** A fresh, unguessable `hub.challenge` (W3C WebSub §5.3). */
  createChallenge: () => string;
  log: (message: string) => void;
}

export function createChallenge(): string {
  return randomBytes(32).toString("base64url");
}

// One client per process (and setting): it holds the TLS context, keep-alive agents and the DNS cache.
const clients = new Map<boolean, CallbackClient>();

function getDefaultClient(allowPrivate: boolean): CallbackClient {
  let client = clients.get(allowPrivate);
  if (client === undefined) {
    client = createCallbackClient({ allowPrivate, resolve: cacheResolver(resolveWithDns) });
    clients.set(allowPrivate, client);
  }
  return client;
}

/** The production wiring: Blobs store "websub", DNS, the HTTPS transport, the real clock. */
export function createHubContext(env?: NodeJS.ProcessEnv, overrides: Partial<HubContext> = {}): HubContext {
  const urls = overrides.urls ?? createSiteUrls(getSiteUrl(env));
  return {
    store: overrides.store ?? openStore("websub"),
    urls,
    topics: overrides.topics ?? listTopics(urls),
    client: overrides.client ?? getDefaultClient(isPrivateCallbackAllowed(env)),
    fetchTopic: overrides.fetchTopic ?? fetchSiteTopic,
    limits: overrides.limits ?? HUB_LIMITS,
    now: overrides.now ?? Date.now,
    createChallenge: overrides.createChallenge ?? createChallenge,
    log: overrides.log ?? ((message) => console.log(`[websub] ${message}`)),
  };
}
