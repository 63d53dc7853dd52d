import { isNotModified, notModifiedResponse } from "./conditional.ts";
import { preflightHeaders } from "./cors.ts";
import { formatHttpDate } from "./http-date.ts";
import { dropBodyForHead, errorResponse, methodNotAllowed, RESPONSE_HEADERS } from "./json-response.ts";

const READ_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/**
 * Function responses stay in Netlify's CDN until the next deploy, which invalidates them (they
 * carry no cache tags), and the data only changes with a deploy. `Netlify-Vary: query` keys the
 * cache on the whole query string, so `?rating=5&x=1` (a 400) never shares `?rating=5`'s entry.
 * Browsers revalidate every time with the ETag.
 */
export const CACHE_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "public, max-age=0, must-revalidate",
  "Netlify-CDN-Cache-Control": "public, durable, max-age=31536000, must-revalidate",
  "Netlify-Vary": "query",
};

/**
 * Shared front door of the read-only functions: OPTIONS answers a CORS
 * preflight, GET and HEAD run `handle`, anything else is a 405 with `Allow`.
 * An unexpected error is logged and becomes a generic JSON 500 that echoes
 * nothing of the request.
 */
export function handleReadRequest(request: Request, handle: () => Response): Response {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: preflightHeaders(READ_METHODS) });
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(READ_METHODS);
  try {
    return dropBodyForHead(request, handle());
  } catch (error) {
    console.error("read endpoint failed:", error);
    return errorResponse(500, "internal_error", "The server failed to answer this request. Try again later.");
  }
}

/** The headers of every cacheable JSON answer but its validators. */
const READ_HEADERS: Readonly<Record<string, string>> = { "Content-Type": "application/json; charset=utf-8", ...RESPONSE_HEADERS, ...CACHE_HEADERS };

/** `Last-Modified` of the last date formatted: every answer of one dataset carries the same. */
let formatted = { date: "", httpDate: "" };

/**
 * A cacheable JSON answer with validators (RFC 9110): `etag`, a strong entity
 * tag of the exact body bytes, and a `Last-Modified` taken from the data, at
 * second precision. A matching conditional request gets a 304 with no body,
 * so `serialize` runs only for an answer that carries one.
 */
export function respondWithValidators(request: Request, etag: string, lastModifiedDate: string, serialize: () => string | Uint8Array<ArrayBuffer>): Response {
  if (formatted.date !== lastModifiedDate) formatted = { date: lastModifiedDate, httpDate: formatHttpDate(lastModifiedDate) };
  const headers = { ...READ_HEADERS, ETag: etag, "Last-Modified": formatted.httpDate };
  if (isNotModified(request.method, request.headers, { etag, lastModified: formatted.httpDate })) return notModifiedResponse(new Headers(headers));
  return new Response(serialize(), { status: 200, headers });
}
