import { CORS_HEADERS } from "../../lib/http/cors.ts";

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

/** Headers on every /mcp answer: public CORS (design.md) and never cached. */
export const MCP_RESPONSE_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, "Cache-Control": "no-store" };

/**
 * An HTTP error whose body is a JSON-RPC error response, so an MCP client
 * can read it like any other answer. `id` is the request's id when it could be
 * read, else null (JSON-RPC §5).
 */
export function jsonRpcErrorResponse(status: number, code: number, message: string, options: { id?: JsonRpcId; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: options.id ?? null, error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...MCP_RESPONSE_HEADERS, ...options.headers },
  });
}
