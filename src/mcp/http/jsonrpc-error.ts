import { RESPONSE_HEADERS } from "../../lib/http/json-response.ts";

/** JSON-RPC 2.0 error codes (JSON-RPC §5.1) and the transport's server-defined ones. */
export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Transport-level refusal (wrong method, media type, size, store down), as the SDK uses it. */
  serverError: -32000,
  /** Unknown, expired or ended session, as the SDK uses it. */
  sessionNotFound: -32001,
} as const;

export type JsonRpcId = string | number | null;

/** Headers on every /mcp answer: those of every answer (public CORS, nosniff), and never cached by HTTP caches (2026-07-28 results carry their own ttlMs). */
export const MCP_RESPONSE_HEADERS: Readonly<Record<string, string>> = { ...RESPONSE_HEADERS, "Cache-Control": "no-store" };

/** The `id` of a parsed JSON-RPC body when it has a usable one, else null (JSON-RPC §5). */
export function idOf(raw: unknown): JsonRpcId {
  const id = typeof raw === "object" && raw !== null && "id" in raw ? raw.id : null;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** The SDK's answer (its own Response) with the endpoint's headers added; copied when its headers are immutable. */
export function withEndpointHeaders(response: Response): Response {
  try {
    for (const [name, value] of Object.entries(MCP_RESPONSE_HEADERS)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(MCP_RESPONSE_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  }
}

/**
 * An HTTP error whose body is a JSON-RPC error response, so an MCP client
 * can read it like any other answer. `id` is the request's id when it could be
 * read, else null (JSON-RPC §5).
 */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  options: { id?: JsonRpcId; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: options.id ?? null, error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...MCP_RESPONSE_HEADERS, ...options.headers },
  });
}
