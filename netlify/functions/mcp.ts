import type { Config } from "@netlify/functions";
import { createSiteUrls, type SiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { handleMcpRequest } from "../../src/mcp/handler.ts";
import { getDatasetIndex } from "../../src/platform/built-dataset.ts";
import { getInsights } from "../../src/platform/built-insights.ts";
import { getSiteUrl } from "../../src/platform/env.ts";
import { getMcpSessionDeps } from "../../src/platform/mcp-sessions.ts";
import { MCP_RATE_LIMIT } from "../../src/platform/rate-limits.ts";

/** The site's URLs: the environment of an instance does not change while it runs. */
let urls: SiteUrls | undefined;

/** `POST /mcp` (docs/interface.md §4.6), plus DELETE to end a session and OPTIONS for CORS; see docs/mcp.md. */
export default (request: Request): Promise<Response> =>
  handleMcpRequest(request, {
    index: getDatasetIndex(),
    insights: getInsights(),
    urls: (urls ??= createSiteUrls(getSiteUrl())),
    ...getMcpSessionDeps(),
    now: Date.now,
  });

// No `method`: the handler answers POST, DELETE and OPTIONS itself, and GET with 405 + Allow.
export const config: Config = { path: "/mcp", rateLimit: MCP_RATE_LIMIT };
