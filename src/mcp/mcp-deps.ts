import type { SiteUrls } from "../lib/dataset/site-urls.ts";
import type { Insights } from "../lib/schema/insights.ts";
import type { DatasetIndex } from "../lib/search/dataset-index.ts";
import type { McpSessionStore, SessionSecretSource } from "./session/session-store.ts";

/**
 * Everything the MCP endpoint depends on, injected so the same code runs in the Netlify function,
 * in-process tests and benchmarks, with no environment, clock or platform import of its own.
 */
export interface McpDeps {
  /** The review dataset as the query functions index it. */
  index: DatasetIndex;
  /** `/insights.json`. */
  insights: Insights;
  /** Absolute URLs under `{base_url}` (resources, links). */
  urls: SiteUrls;
  /** Revocation records of ended sessions. */
  sessions: McpSessionStore;
  /** HMAC secret for session ids, the same on every instance. */
  secret: SessionSecretSource;
  /** Milliseconds since the epoch. */
  now: () => number;
}

/** What the tools and resources read: the data, nothing about sessions. */
export type McpData = Pick<McpDeps, "index" | "insights" | "urls">;
