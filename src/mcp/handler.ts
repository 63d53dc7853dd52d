/**
 * `POST /mcp` (docs/interface.md §4.6): MCP over streamable HTTP, JSON responses only, for two
 * eras on one endpoint: 2026-07-28 through the SDK's createMcpHandler (http/modern-era.ts), and
 * 2025-11-25/06-18/03-26 through our signed sessions (http/legacy-era.ts), routed by the SDK's
 * isLegacyRequest. Every Origin is accepted (transports §Security Warning): the server is public,
 * read-only and holds no credentials, so a rebinding page learns nothing it could not fetch; only
 * a loopback dev server checks Host (request-checks.ts). docs/mcp.md, "Origin and DNS rebinding".
 */
import { isLegacyRequest } from "@modelcontextprotocol/server";
import { preflightHeaders } from "../lib/http/cors.ts";
import { dropBodyForHead } from "../lib/http/json-response.ts";
import { classifyPlainToolCall } from "./http/direct-tool-call.ts";
import { JSONRPC_ERRORS as E, jsonRpcErrorResponse } from "./http/jsonrpc-error.ts";
import { handleLegacyDelete, handleLegacyPost } from "./http/legacy-era.ts";
import { handleModernPost } from "./http/modern-era.ts";
import { readCappedText } from "../lib/http/read-body.ts";
import { MAX_BODY_BYTES } from "./http/body-limit.ts";
import { isAllowedHost, isJsonContentType } from "./http/request-checks.ts";
import type { McpDeps } from "./mcp-deps.ts";
import { SessionStoreUnavailableError } from "./session/session-store.ts";

const ALLOWED_METHODS = ["POST", "DELETE", "OPTIONS"] as const;
const ALLOWED_REQUEST_HEADERS = "Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID, Authorization";

/** Reads (at most MAX_BODY_BYTES) and parses the body once, for the router and whichever era answers. */
async function readJsonBody(request: Request): Promise<{ ok: true; raw: unknown } | { ok: false; response: Response }> {
  const body = await readCappedText(request, MAX_BODY_BYTES);
  if (!body.ok && body.reason === "too_large") {
    return { ok: false, response: jsonRpcErrorResponse(413, E.serverError, `Payload Too Large: the body must not exceed ${MAX_BODY_BYTES} bytes`) };
  }
  if (!body.ok && body.reason === "incomplete") {
    return { ok: false, response: jsonRpcErrorResponse(400, E.serverError, "Bad Request: the body ended before it was complete") };
  }
  try {
    if (!body.ok) throw new SyntaxError("body is not UTF-8");
    return { ok: true, raw: JSON.parse(body.value) };
  } catch {
    return { ok: false, response: jsonRpcErrorResponse(400, E.parseError, "Parse error: the body is not valid JSON") };
  }
}

async function handlePost(request: Request, deps: McpDeps): Promise<Response> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return jsonRpcErrorResponse(415, E.serverError, "Unsupported Media Type: Content-Type must be application/json");
  }
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  // A plain tools/call is classified here as the SDK would (direct-tool-call.ts); with the body given, the SDK classifies from it and reads nothing.
  // A batch sent in a session is the 2025 era's, whatever its members (only a 2025-03-26 session may batch, and one invalid member must not
  // send the whole batch to the 2026-07-28 path, which refuses it).
  const era =
    classifyPlainToolCall(request, body.raw) ??
    ((Array.isArray(body.raw) && request.headers.has("mcp-session-id")) || (await isLegacyRequest(request, body.raw, { maxRequestBodySize: MAX_BODY_BYTES }))
      ? "legacy"
      : "modern");
  if (era === "legacy") return handleLegacyPost(request, body.raw, deps);
  return handleModernPost(request, body.raw, deps);
}

/**
 * The endpoint. Never throws: a store outage is a 503 (sessions cannot be
 * checked), anything unexpected a generic 500 that echoes nothing.
 */
export async function handleMcpRequest(request: Request, deps: McpDeps): Promise<Response> {
  return dropBodyForHead(request, await answerMcpRequest(request, deps));
}

async function answerMcpRequest(request: Request, deps: McpDeps): Promise<Response> {
  try {
    if (!isAllowedHost(request, deps.urls.base)) {
      return jsonRpcErrorResponse(403, E.serverError, "Forbidden: this local server only answers requests addressed to a loopback host");
    }
    switch (request.method) {
      case "POST":
        return await handlePost(request, deps);
      case "DELETE":
        return await handleLegacyDelete(request, deps);
      case "OPTIONS":
        return new Response(null, { status: 204, headers: { ...preflightHeaders(ALLOWED_METHODS), "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS } });
      default:
        // GET would open an SSE stream (2025) or is not part of the protocol (2026-07-28); this server sends no server-initiated messages.
        return jsonRpcErrorResponse(405, E.serverError, `Method Not Allowed: ${request.method} /mcp; use ${ALLOWED_METHODS.join(", ")}`, {
          headers: { Allow: ALLOWED_METHODS.join(", ") },
        });
    }
  } catch (error) {
    if (error instanceof SessionStoreUnavailableError) {
      console.error("mcp: session store unavailable:", error.cause);
      return jsonRpcErrorResponse(503, E.serverError, error.message, { headers: { "Retry-After": "5" } });
    }
    console.error("mcp: request failed:", error);
    return jsonRpcErrorResponse(500, E.internalError, "Internal error: the server failed to answer this request. Try again later.");
  }
}
