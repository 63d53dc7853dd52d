import { handleSearchRequest } from "../../../src/lib/api/search-endpoint.ts";
import { handleSinceRequest } from "../../../src/lib/api/since-endpoint.ts";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import { indexDataset } from "../../../src/lib/search/dataset-index.ts";
import { handleMcpRequest } from "../../../src/mcp/handler.ts";
import { openStore } from "../../../src/platform/blobs.ts";
import { createBlobsSessionStore, createSessionSecretSource } from "../../../src/platform/mcp-sessions.ts";
import type { CallbackClient } from "../../../src/platform/websub/guarded-client.ts";
import { createHubContext } from "../../../src/platform/websub/create-hub-context.ts";
import { handleHubRequest } from "../../../src/platform/websub/hub-endpoint.ts";
import { startBlobsServer } from "../blobs.ts";
import { loadSite, TEST_BASE_URL } from "../site.ts";

export type Handler = (request: Request) => Promise<Response>;

export interface FuzzTargets {
  search: Handler;
  since: Handler;
  mcp: Handler;
  hub: Handler;
  /** Callback requests the hub tried to send: the client records them and never connects. */
  hubSends: () => number;
  stop: () => Promise<void>;
}

/**
 * Every function endpoint wired in-process exactly as the Netlify functions
 * wire them, over a real file-backed Blobs server. Nothing leaves the
 * process: the hub's resolver and callback client record instead of
 * resolving or connecting, and its topic fetcher returns fixed bytes.
 */
export async function createFuzzTargets(): Promise<FuzzTargets> {
  const blobs = await startBlobsServer();
  const site = loadSite();
  const index = indexDataset(site.dataset);
  const urls = createSiteUrls(TEST_BASE_URL);
  const sessionsStore = openStore("mcp-sessions");
  const mcpDeps = {
    index,
    insights: site.insights,
    urls,
    sessions: createBlobsSessionStore(sessionsStore),
    secret: createSessionSecretSource(sessionsStore, {}),
    now: Date.now,
  };
  let sends = 0;
  const client: CallbackClient = {
    send: async () => {
      sends += 1;
      return { status: 404, body: new Uint8Array(), truncated: false };
    },
  };
  const hubContext = createHubContext(
    { SITE_URL: TEST_BASE_URL },
    {
      client,
      fetchTopic: async (url) => new TextEncoder().encode(`content of ${url}`),
      log: () => undefined,
    },
  );
  const background: Promise<unknown>[] = [];
  const hubOptions = {
    waitUntil: (promise: Promise<unknown>) => void background.push(promise),
    allowPrivate: false,
    // Documentation-range answer: refused by the address rule or, at worst, "reached" through the recording client.
    resolve: async () => [{ address: "203.0.113.10", family: 4 as const }],
  };
  return {
    search: async (request) => handleSearchRequest(request, index),
    since: async (request) => {
      const date = decodeURIComponent(new URL(request.url).pathname.split("/").pop() ?? "");
      return handleSinceRequest(request, date, index);
    },
    mcp: (request) => handleMcpRequest(request, mcpDeps),
    hub: (request) => handleHubRequest(request, hubContext, hubOptions),
    hubSends: () => sends,
    stop: async () => {
      await Promise.allSettled(background);
      await blobs.stop();
    },
  };
}
