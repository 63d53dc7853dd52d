/**
 * `POST /mcp` (interface.md §4.6): MCP over streamable HTTP, JSON responses
 * only, Request in, Response out. The transport rules cited below are from
 * the MCP 2025-06-18 specification, basic/transports.
 *
 * Origin policy (transports §Security Warning asks servers to validate
 * Origin against DNS rebinding): every Origin is accepted, as for every
 * other endpoint of this service (CORS `*`). The server is public,
 * unauthenticated and read-only; it has no ambient authority (no cookies,
 * no credentials, `Authorization` is ignored) and no private data, so a
 * cross-site or rebinding page can learn nothing it could not fetch
 * directly. The one place a rebinding attack could reach something it
 * otherwise could not is a dev server on loopback; there the Host header
 * must be a loopback name (request-checks.ts). See docs/mcp.md.
 */
import { dropBodyForHead } from "../lib/http/json-response.ts";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { preflightHeaders } from "../lib/http/cors.ts";
import { TOOL_NAMES } from "./create-mcp-server.ts";
import { dispatchToSdk } from "./http/dispatch.ts";
import { JSONRPC_ERRORS as E, jsonRpcErrorResponse, MCP_RESPONSE_HEADERS, type JsonRpcId } from "./http/jsonrpc-error.ts";
import { MAX_BODY_BYTES, readBodyWithLimit } from "./http/read-body.ts";
import { acceptsJson, isAllowedHost, isJsonContentType, isSupportedProtocolVersion, SUPPORTED_PROTOCOL_VERSIONS } from "./http/request-checks.ts";
import { findInvalidParams } from "./http/validate-params.ts";
import { endSession, readSession, SESSION_HEADER, startSession, type SessionState } from "./http/session-gate.ts";
import type { McpDeps } from "./mcp-deps.ts";
import { SessionStoreUnavailableError } from "./session/session-store.ts";
import { sessionExpiresAt } from "./session/session-token.ts";

const ALLOWED_METHODS = ["POST", "DELETE", "OPTIONS"] as const;

function idOf(raw: unknown): JsonRpcId {
  const id = typeof raw === "object" && raw !== null && "id" in raw ? raw.id : null;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** A 400 for an `MCP-Protocol-Version` we do not speak, or one other than the session's, else null. */
function checkProtocolVersion(request: Request, session: SessionState, id: JsonRpcId): Response | null {
  const version = request.headers.get("mcp-protocol-version");
  if (version === null) return null;
  if (!isSupportedProtocolVersion(version)) {
    return jsonRpcErrorResponse(400, E.serverError, `Bad Request: unsupported MCP-Protocol-Version "${version}"; supported versions are ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}`, { id });
  }
  if (session.kind === "live" && session.claims.protocolVersion !== version) {
    return jsonRpcErrorResponse(400, E.serverError, `Bad Request: MCP-Protocol-Version "${version}" differs from "${session.claims.protocolVersion}" negotiated for this session`, { id });
  }
  return null;
}

/**
 * -32602 for params the SDK would misreport as -32603, and for a call to an
 * unknown tool (server/tools §Error Handling), answered here before a server
 * is built. Null when the request may proceed.
 */
function checkParams(method: string, message: JSONRPCMessage): string | null {
  const invalid = findInvalidParams(method, message);
  if (invalid !== null || method !== "tools/call") return invalid;
  const name = (message as unknown as { params: { name: string } }).params.name;
  return (TOOL_NAMES as readonly string[]).includes(name) ? null : `Unknown tool "${name}"; available tools are ${TOOL_NAMES.join(", ")}`;
}

function sessionNotFound(id: JsonRpcId): Response {
  return jsonRpcErrorResponse(404, E.sessionNotFound, "Session not found: it is unknown, expired or ended. Send initialize again without Mcp-Session-Id to start a new session.", { id });
}

/** Parses and vets the body: one JSON-RPC message, no batch (2025-06-18 removed batching). */
async function readMessage(request: Request): Promise<{ ok: true; message: JSONRPCMessage } | { ok: false; response: Response }> {
  const body = await readBodyWithLimit(request);
  if (!body.ok && body.reason === "too_large") {
    return { ok: false, response: jsonRpcErrorResponse(413, E.serverError, `Payload Too Large: the body must not exceed ${MAX_BODY_BYTES} bytes`) };
  }
  let raw: unknown;
  try {
    if (!body.ok) throw new SyntaxError("body is not UTF-8");
    raw = JSON.parse(body.text);
  } catch {
    return { ok: false, response: jsonRpcErrorResponse(400, E.parseError, "Parse error: the body is not valid JSON") };
  }
  if (Array.isArray(raw)) {
    return { ok: false, response: jsonRpcErrorResponse(400, E.invalidRequest, "Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per request") };
  }
  const parsed = JSONRPCMessageSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, response: jsonRpcErrorResponse(400, E.invalidRequest, "Invalid Request: the body is not a JSON-RPC 2.0 request, notification or response", { id: idOf(raw) }) };
  }
  return { ok: true, message: parsed.data };
}

/** Adds the endpoint's headers to the SDK's answer (its own Response), and the session id to a successful `initialize`. */
async function finishResponse(response: Response, isInitialize: boolean, deps: McpDeps): Promise<Response> {
  if (!isInitialize || response.status !== 200) {
    try {
      for (const [name, value] of Object.entries(MCP_RESPONSE_HEADERS)) response.headers.set(name, value);
      return response;
    } catch {
      // Immutable headers (not what the SDK builds today): copy instead of failing.
      return new Response(response.body, { status: response.status, headers: { ...Object.fromEntries(response.headers), ...MCP_RESPONSE_HEADERS } });
    }
  }
  const text = await response.text();
  const version = (JSON.parse(text) as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
  const headers = new Headers({ ...Object.fromEntries(response.headers), ...MCP_RESPONSE_HEADERS });
  if (typeof version === "string") headers.set(SESSION_HEADER, await startSession(version, deps));
  return new Response(text, { status: 200, headers });
}

async function handlePost(request: Request, deps: McpDeps): Promise<Response> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return jsonRpcErrorResponse(415, E.serverError, "Unsupported Media Type: Content-Type must be application/json");
  }
  if (!acceptsJson(request.headers.get("accept"))) {
    return jsonRpcErrorResponse(406, E.serverError, "Not Acceptable: this server answers with application/json; include it in Accept");
  }
  const read = await readMessage(request);
  if (!read.ok) return read.response;
  const { message } = read;
  const id = idOf(message);
  const method = "method" in message ? message.method : null;
  // Its params are checked below before anything is dispatched.
  const isInitialize = method === "initialize" && "id" in message;

  // initialize starts a new session, whatever session id it carries.
  const session: SessionState = isInitialize ? { kind: "none" } : await readSession(request, deps);
  if (session.kind === "unknown") return sessionNotFound(id);
  if (!isInitialize) {
    const versionError = checkProtocolVersion(request, session, id);
    if (versionError) return versionError;
  }
  const paramsError = method !== null && "id" in message ? checkParams(method, message) : null;
  if (paramsError !== null) return jsonRpcErrorResponse(200, E.invalidParams, paramsError, { id });
  return finishResponse(await dispatchToSdk(request, message, deps), isInitialize, deps);
}

/** `DELETE /mcp` ends a session (transports §Session Management); it is 404 from then on, on every instance. */
async function handleDelete(request: Request, deps: McpDeps): Promise<Response> {
  const session = await readSession(request, deps);
  if (session.kind === "none") return jsonRpcErrorResponse(400, E.serverError, "Bad Request: DELETE needs the Mcp-Session-Id header of the session to end");
  if (session.kind === "unknown") return sessionNotFound(null);
  const versionError = checkProtocolVersion(request, session, null);
  if (versionError) return versionError;
  await endSession(session.claims, deps, sessionExpiresAt(session.claims));
  return new Response(null, { status: 204, headers: MCP_RESPONSE_HEADERS });
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
        return await handleDelete(request, deps);
      case "OPTIONS":
        return new Response(null, {
          status: 204,
          headers: { ...preflightHeaders(ALLOWED_METHODS), "Access-Control-Allow-Headers": "Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Authorization" },
        });
      default:
        // GET would open an SSE stream; this server sends no server-initiated messages (transports §Listening for Messages).
        return jsonRpcErrorResponse(405, E.serverError, `Method Not Allowed: ${request.method} /mcp; use ${ALLOWED_METHODS.join(", ")}`, { headers: { Allow: ALLOWED_METHODS.join(", ") } });
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
