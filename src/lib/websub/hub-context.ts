import type { SiteUrls } from "../dataset/site-urls.ts";
import type { CallbackClient } from "./callback-client.ts";
import type { HubLimits } from "./hub-limits.ts";
import type { StoreAccess } from "./records.ts";
import type { Topic } from "./topics.ts";

/** Fetches a topic's current bytes from the site itself (docs/design.md: the hub diffs what the site serves). */
export type TopicFetcher = (url: string, maxBytes: number) => Promise<Uint8Array>;

/**
 * Everything the hub's workflow touches outside itself, injected: the
 * record store, the guarded callback client, the site, the clock, timers
 * and the log. src/platform/websub/create-hub-context.ts wires production; tests
 * and the benchmark pass their own parts.
 */
export interface HubContext extends StoreAccess {
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
