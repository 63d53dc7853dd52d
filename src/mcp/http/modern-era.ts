/**
 * The 2026-07-28 era, served by the SDK's createMcpHandler: it answers server/discover, reads the
 * `_meta` envelope, checks the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers against
 * the body, stamps `resultType` and the cache hints, and refuses revisions we do not serve.
 * `legacy: 'reject'`: handler.ts routes 2025-era traffic to our session layer instead. A plain
 * `tools/call` with the canonical headers is answered directly, same bytes (direct-tool-call.ts).
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
