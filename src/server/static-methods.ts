import { preflightHeaders } from "../lib/http/cors.ts";
import { methodNotAllowed } from "../lib/http/json-response.ts";

/** A published file can be read and nothing else. */
export const STATIC_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/**
 * The answer for a published file when the method is not a read: a CORS
 * preflight for OPTIONS, and 405 with `Allow` for POST, PUT, DELETE, PATCH
 * and the rest (RFC 9110 §15.5.6), as the functions answer. Null for GET
 * and HEAD, which the caller serves.
 */
export function answerStaticMethod(method: string): Response | null {
  if (method === "GET" || method === "HEAD") return null;
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { ...preflightHeaders(STATIC_METHODS), Allow: STATIC_METHODS.join(", ") } });
  return methodNotAllowed(STATIC_METHODS);
}
