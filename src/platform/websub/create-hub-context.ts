import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createSiteUrls } from "../../lib/dataset/site-urls.ts";
import type { CallbackClient } from "../../lib/websub/callback-client.ts";
import type { HubContext } from "../../lib/websub/hub-context.ts";
import { HUB_LIMITS } from "../../lib/websub/hub-limits.ts";
import { listTopics } from "../../lib/websub/topics.ts";
import { openStore } from "../blobs.ts";
import { getSiteUrl, isPrivateCallbackAllowed } from "../env.ts";
import { createBlobsRecordStore } from "./blobs-record-store.ts";
import { cacheResolver, createCallbackClient, resolveWithDns } from "./guarded-client.ts";
import { fetchSiteTopic } from "./topic-fetch.ts";

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

const wait = async (ms: number): Promise<void> => {
  await sleep(ms);
};

/** The production wiring: Blobs store "websub" behind the record-store adapter, DNS, the HTTPS transport, the real clock. */
export function createHubContext(env?: NodeJS.ProcessEnv, overrides: Partial<HubContext> = {}): HubContext {
  const urls = overrides.urls ?? createSiteUrls(getSiteUrl(env));
  return {
    store: overrides.store ?? createBlobsRecordStore(openStore("websub")),
    sleep: overrides.sleep ?? wait,
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
