import { WebStandardStreamableHTTPServerTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
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
 * Serves one validated 2025-era JSON-RPC message with the SDK: a fresh server (createMcpServer)
 * and a fresh stateless transport per request, since sessions live in signed ids
 * (session-gate.ts), not in transport memory. `enableJsonResponse` makes every answer one JSON
 * body, never an SSE stream. The body goes in as `parsedBody` (read and capped by us), and
 * `Accept` is normalized to the pair the SDK insists on (request-checks.ts).
 */
export async function dispatchToSdk(request: Request, message: JSONRPCMessage, data: McpData): Promise<Response> {
  const server = createMcpServer(data);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  // No server.close() afterwards: the pair is single-use, holds no timers or
  // streams in JSON mode, and nothing outside this call references it, so it
  // is simply collected.
  return await transport.handleRequest(toSdkRequest(request), { parsedBody: message });
}
