/**
 * The 2025 era (MCP 2025-11-25, 2025-06-18, 2025-03-26) as docs/interface.md §4.6 describes it:
 * `initialize` returns an `Mcp-Session-Id` that later requests send back; DELETE ends the session.
 * The SDK's own sessions live in one instance's memory, so sessions here are signed ids valid on
 * every instance (session-token.ts) with a revocation record in Blobs, checked in front of the
 * SDK's stateless transport (dispatch.ts). Transport rules cited: MCP 2025-06-18, basic/transports.
 */
import { specTypeSchemas, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { TOOL_NAMES } from "../create-mcp-server.ts";
import type { McpDeps } from "../mcp-deps.ts";
import { BATCHING_PROTOCOL_VERSION, isLegacyProtocolVersion, LEGACY_PROTOCOL_VERSIONS } from "../protocol-versions.ts";
import { sessionExpiresAt } from "../session/session-token.ts";
import { answerPlainToolCall, readPlainToolCall, type PlainToolCall } from "./direct-tool-call.ts";
import { dispatchToSdk } from "./dispatch.ts";
import { JSONRPC_ERRORS as E, idOf, jsonRpcErrorResponse, MCP_RESPONSE_HEADERS, withEndpointHeaders, type JsonRpcId } from "./jsonrpc-error.ts";
import { acceptsJson } from "./request-checks.ts";
import { endSession, readSession, SESSION_HEADER, startSession, type SessionState } from "./session-gate.ts";
import { findInvalidParams } from "./validate-params.ts";

/** Messages in one batch at most: each is answered in turn, so the cap bounds the work one request can ask for. */
export const MAX_BATCH_MESSAGES = 100;

/** The list methods: none is paginated here. */
const PAGED_METHODS = new Set(["tools/list", "resources/list", "resources/templates/list"]);

/** A 400 for an `MCP-Protocol-Version` that is not a 2025 revision we speak, or not the session's, else null. */
function checkProtocolVersion(request: Request, session: SessionState, id: JsonRpcId): Response | null {
  const version = request.headers.get("mcp-protocol-version");
  if (version === null) return null;
  if (!isLegacyProtocolVersion(version)) {
    return jsonRpcErrorResponse(
      400,
      E.serverError,
      `Bad Request: unsupported MCP-Protocol-Version "${version}"; supported versions are ${LEGACY_PROTOCOL_VERSIONS.join(", ")} (with initialize) and 2026-07-28 (with _meta)`,
      { id },
    );
  }
  if (session.kind === "live" && session.claims.protocolVersion !== version) {
    return jsonRpcErrorResponse(
      400,
      E.serverError,
      `Bad Request: MCP-Protocol-Version "${version}" differs from "${session.claims.protocolVersion}" negotiated for this session`,
      { id },
    );
  }
  return null;
}

/**
 * -32602 for malformed params, and for a call to an unknown tool
 * (server/tools §Error Handling), answered here before a server is built.
 * Null when the request may proceed.
 */
function checkParams(method: string, message: JSONRPCMessage): string | null {
  const invalid = findInvalidParams(method, message);
  if (invalid !== null) return invalid;
  if (PAGED_METHODS.has(method) && (message as { params?: { cursor?: unknown } }).params?.cursor !== undefined) {
    // server/utilities/pagination: "Invalid cursors SHOULD result in an error with code -32602"; every list here fits one page.
    return `Invalid params for ${method}: cursor: this server returns every item in one page and never issues a nextCursor, so no cursor is valid`;
  }
  if (method !== "tools/call") return null;
  const name = (message as unknown as { params: { name: string } }).params.name;
  return (TOOL_NAMES as readonly string[]).includes(name) ? null : `Unknown tool "${name}"; available tools are ${TOOL_NAMES.join(", ")}`;
}

function sessionNotFound(id: JsonRpcId): Response {
  return jsonRpcErrorResponse(
    404,
    E.sessionNotFound,
    "Session not found: it is unknown, expired or ended. Send initialize again without Mcp-Session-Id to start a new session.",
    { id },
  );
}

/** Vets one parsed message (a body, or an element of a batch) against the JSON-RPC message schema. */
function toMessage(raw: unknown): { ok: true; message: JSONRPCMessage } | { ok: false; response: Response } {
  const parsed = specTypeSchemas.JSONRPCMessage["~standard"].validate(raw);
  if ("issues" in parsed && parsed.issues !== undefined) {
    return {
      ok: false,
      response: jsonRpcErrorResponse(400, E.invalidRequest, "Invalid Request: not a JSON-RPC 2.0 request, notification or response", {
        id: idOf(raw),
      }),
    };
  }
  return { ok: true, message: raw as JSONRPCMessage };
}

/** One parsed message (a body, or a member of a batch), vetted; a plain tools/call (direct-tool-call.ts) is valid by construction. */
function readMessage(raw: unknown): { ok: true; message: JSONRPCMessage; plain: PlainToolCall | null } | { ok: false; response: Response } {
  const plain = readPlainToolCall(raw, "legacy");
  if (plain !== null) return { ok: true, message: raw as JSONRPCMessage, plain };
  const read = toMessage(raw);
  return read.ok ? { ...read, plain: null } : read;
}

/** Adds the endpoint's headers to the SDK's answer, and the session id to a successful `initialize`. */
async function finishResponse(response: Response, isInitialize: boolean, deps: McpDeps): Promise<Response> {
  if (!isInitialize || response.status !== 200) return withEndpointHeaders(response);
  const text = await response.text();
  const version = (JSON.parse(text) as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
  const finished = withEndpointHeaders(new Response(text, { status: 200, headers: response.headers }));
  if (typeof version === "string") finished.headers.set(SESSION_HEADER, await startSession(version, deps));
  return finished;
}

/** A 2025-era POST whose body `raw` is already read and parsed. */
export async function handleLegacyPost(request: Request, raw: unknown, deps: McpDeps): Promise<Response> {
  if (!acceptsJson(request.headers.get("accept"))) {
    return jsonRpcErrorResponse(406, E.serverError, "Not Acceptable: this server answers with application/json; include it in Accept");
  }
  if (Array.isArray(raw)) return answerBatch(request, raw, deps);
  const read = readMessage(raw);
  if (!read.ok) return read.response;
  const { message, plain } = read;
  const id = idOf(message);
  // initialize starts a new session, whatever session id it carries.
  const session: SessionState = isInitializeRequest(message) ? { kind: "none" } : await readSession(request, deps);
  if (session.kind === "unknown") return sessionNotFound(id);
  // initialize too: its revision is negotiated in the body, but a header naming one we do not serve is still a 400
  // (transports §Protocol Version Header). A header naming 2026-07-28 or later never reaches this era.
  const versionError = checkProtocolVersion(request, session, id);
  if (versionError) return versionError;
  return answerMessage(request, message, plain, deps);
}

function isInitializeRequest(message: JSONRPCMessage): boolean {
  return "method" in message && message.method === "initialize" && "id" in message;
}

/** One valid message whose request has passed the era's checks (Accept, session, protocol version). */
async function answerMessage(request: Request, message: JSONRPCMessage, plain: PlainToolCall | null, deps: McpDeps): Promise<Response> {
  if (plain !== null) return answerPlainToolCall(plain, "legacy", deps);
  const method = "method" in message ? message.method : null;
  // Its params are checked here before anything is dispatched.
  const paramsError = method !== null && "id" in message ? checkParams(method, message) : null;
  if (paramsError !== null) return jsonRpcErrorResponse(200, E.invalidParams, paramsError, { id: idOf(message) });
  return finishResponse(await dispatchToSdk(request, message, deps), isInitializeRequest(message), deps);
}

/**
 * A JSON-RPC batch: MCP 2025-03-26 accepts them (basic §Batching) and 2025-06-18 removed them, so
 * only a session negotiated at 2025-03-26 may send one; elsewhere it is -32600. Each message is
 * answered as if alone, in order, the answers as one JSON array (202 when there are none).
 * initialize may not be batched (2025-03-26 lifecycle §Initialization).
 */
async function answerBatch(request: Request, batch: unknown[], deps: McpDeps): Promise<Response> {
  if (batch.length === 0) return jsonRpcErrorResponse(400, E.invalidRequest, "Invalid Request: the batch is empty (JSON-RPC 2.0 §6)");
  if (batch.length > MAX_BATCH_MESSAGES) {
    return jsonRpcErrorResponse(400, E.invalidRequest, `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages; send the rest in another`);
  }
  const session = await readSession(request, deps);
  if (session.kind === "unknown") return sessionNotFound(null);
  if (session.kind !== "live" || session.claims.protocolVersion !== BATCHING_PROTOCOL_VERSION) {
    return jsonRpcErrorResponse(
      400,
      E.invalidRequest,
      `Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18; only a session negotiated at ${BATCHING_PROTOCOL_VERSION} may send them); send one message per request`,
    );
  }
  const versionError = checkProtocolVersion(request, session, null);
  if (versionError) return versionError;
  const answers: unknown[] = [];
  for (const element of batch) {
    const answer = await answerBatchElement(request, element, deps);
    if (answer.status !== 202) answers.push(JSON.parse(await answer.text()));
  }
  if (answers.length === 0) return withEndpointHeaders(new Response(null, { status: 202 }));
  return new Response(JSON.stringify(answers), { status: 200, headers: { "Content-Type": "application/json", ...MCP_RESPONSE_HEADERS } });
}

/** One message of a batch, answered as a JSON-RPC response (an error for an invalid one), or 202. */
async function answerBatchElement(request: Request, element: unknown, deps: McpDeps): Promise<Response> {
  const read = readMessage(element);
  if (!read.ok) return read.response;
  if (isInitializeRequest(read.message)) {
    return jsonRpcErrorResponse(400, E.invalidRequest, "Invalid Request: initialize must not be part of a JSON-RPC batch (MCP 2025-03-26, lifecycle)", {
      id: idOf(read.message),
    });
  }
  return answerMessage(request, read.message, read.plain, deps);
}

/** `DELETE /mcp` ends a session (transports §Session Management); it is 404 from then on, on every instance. */
export async function handleLegacyDelete(request: Request, deps: McpDeps): Promise<Response> {
  const session = await readSession(request, deps);
  if (session.kind === "none") return jsonRpcErrorResponse(400, E.serverError, "Bad Request: DELETE needs the Mcp-Session-Id header of the session to end");
  if (session.kind === "unknown") return sessionNotFound(null);
  const versionError = checkProtocolVersion(request, session, null);
  if (versionError) return versionError;
  await endSession(session.claims, deps, sessionExpiresAt(session.claims));
  return withEndpointHeaders(new Response(null, { status: 204 }));
}
