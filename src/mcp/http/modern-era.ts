/**
 * The 2026-07-28 era, served by the SDK's own entry, createMcpHandler: it
 * answers server/discover, reads each request's `_meta` envelope
 * (protocol version, client capabilities), checks the `MCP-Protocol-Version`,
 * `Mcp-Method` and `Mcp-Name` headers against the body (-32020 when they
 * disagree), stamps `resultType` and the cache hints (create-mcp-server.ts)
 * on results, and answers an envelope naming a revision we do not serve with
 * UnsupportedProtocolVersion listing the ones we do. `legacy: 'reject'`: the
 * router (handler.ts) sends 2025-era traffic to our session layer instead,
 * using the SDK's isLegacyRequest as its documentation describes. A plain
 * `tools/call` with the canonical headers is answered directly, with the
 * same bytes (direct-tool-call.ts).
 */
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import { createMcpServer } from "../create-mcp-server.ts";
import type { McpData } from "../mcp-deps.ts";
import { answerModernToolCallDirectly } from "./direct-tool-call.ts";
import { withEndpointHeaders } from "./jsonrpc-error.ts";
import { MAX_BODY_BYTES } from "./body-limit.ts";

/** One handler per data set (per process in production): it holds no per-request state, and the factory builds a server per request. */
const handlers = new WeakMap<McpData["index"], { data: McpData; handler: McpHttpHandler }>();

export function handlerFor(data: McpData): McpHttpHandler {
  const cached = handlers.get(data.index);
  if (cached !== undefined && cached.data.insights === data.insights && cached.data.urls === data.urls) return cached.handler;
  const snapshot = { index: data.index, insights: data.insights, urls: data.urls };
  const handler = createMcpHandler(() => createMcpServer(snapshot), {
    legacy: "reject",
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  handlers.set(data.index, { data: snapshot, handler });
  return handler;
}

/** A 2026-07-28 POST whose body `raw` is already read (capped) and parsed. */
export async function handleModernPost(request: Request, raw: unknown, data: McpData): Promise<Response> {
  const direct = answerModernToolCallDirectly(request, raw, data);
  if (direct !== null) return direct;
  return withEndpointHeaders(await handlerFor(data).fetch(request, { parsedBody: raw }));
}
