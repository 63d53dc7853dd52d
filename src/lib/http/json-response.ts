import { CORS_HEADERS } from "./cors.ts";
import { NOSNIFF_HEADERS } from "./security-headers.ts";

/** On every answer of a function: public CORS (docs/interface.md §5) and nosniff (security-headers.ts). */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, ...NOSNIFF_HEADERS };

/** A JSON response with the headers of every answer; `extra` headers are added on top. */
export function jsonResponse(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...RESPONSE_HEADERS, ...extra },
  });
}

/** The error model for everything but validation: `{error, message}` (docs/design.md, "HTTP behaviour"). */
export function errorResponse(status: number, error: string, message: string, extra: Record<string, string> = {}): Response {
  return jsonResponse(status, { error, message }, extra);
}

/** 301 to `location` (RFC 9110 §15.4.2), with no content. */
export function movedPermanently(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location, ...RESPONSE_HEADERS } });
}

/** 405 with the `Allow` header RFC 9110 §15.5.6 requires. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return errorResponse(405, "method_not_allowed", `This endpoint accepts ${allowed.join(", ")}.`, { Allow: allowed.join(", ") });
}

/** A response to HEAD carries no content (RFC 9110 §9.3.2), whatever its status. */
export function dropBodyForHead(request: Request, response: Response): Response {
  if (request.method !== "HEAD" || response.body === null) return response;
  return new Response(null, { status: response.status, headers: response.headers });
}
