import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "../create-mcp-server.ts";
import type { McpData } from "../mcp-deps.ts";
import { MCP_ACCEPT } from "./request-checks.ts";

/**
 * The request as the SDK must see it: the client's own when its `Accept`
 * already lists both types the SDK insists on (what SDK clients send), else
 * a bodiless copy with that `Accept`. The body is never read again either
 * way: the SDK gets it as `parsedBody`.
 */
function toSdkRequest(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json") && accept.includes("text/event-stream")) return request;
  const headers = new Headers({ "content-type": "application/json", accept: MCP_ACCEPT });
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null) headers.set("mcp-protocol-version", version);
  return new Request(request.url, { method: "POST", headers });
}

/**
 * Hands one already-validated JSON-RPC message to the official SDK: a fresh
 * server (createMcpServer) and a fresh stateless transport per request, because a
 * stateless transport refuses reuse (platform-notes "MCP SDK") and because
 * sessions live in signed ids, not in transport memory. `enableJsonResponse`
 * makes every answer one JSON body, never an SSE stream.
 *
 * The body is passed as `parsedBody` (read and capped by us), and `Accept`
 * is normalized to the pair the SDK insists on, since we answer JSON
 * whatever the client listed (request-checks.ts).
 */
export async function dispatchToSdk(request: Request, message: JSONRPCMessage, data: McpData): Promise<Response> {
  const server = createMcpServer(data);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // No server.close() afterwards: the pair is single-use, holds no timers or
  // streams in JSON mode, and nothing outside this call references it, so it
  // is simply collected. close() would run before the SDK's own bookkeeping
  // for the finished request and abort its AbortController and build an
  // McpError, about a tenth of the SDK's per-request cost, for nothing.
  return await transport.handleRequest(toSdkRequest(request), { parsedBody: message });
}
