import { matchesIfNoneMatch } from "./etag.ts";
import { parseHttpDate } from "./http-date.ts";

export interface Validators {
  etag: string;
  /** IMF-fixdate, second precision, or null when the resource has no modification date. */
  lastModified: string | null;
}

/**
 * Whether a GET or HEAD is answered 304 Not Modified, in the precedence of RFC 9110 §13.2.2:
 *  - step 3: a present `If-None-Match` alone decides (weak comparison, lists and `*`);
 *  - step 4: otherwise a valid `If-Modified-Since` at or after `Last-Modified` means not
 *    modified; an invalid date is ignored.
 * Other methods never get a 304 here.
 */
export function isNotModified(method: string, headers: Headers, validators: Validators): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return matchesIfNoneMatch(ifNoneMatch, validators.etag);
  const ifModifiedSince = headers.get("if-modified-since");
  if (ifModifiedSince === null || validators.lastModified === null) return false;
  const since = parseHttpDate(ifModifiedSince);
  const modified = parseHttpDate(validators.lastModified);
  return since !== null && modified !== null && modified <= since;
}

/**
 * Builds a 304: no body, and the validators and caching headers a 200 would
 * have carried (RFC 9110 §15.4.5).
 */
export function notModifiedResponse(headers: Headers): Response {
  const kept = new Headers();
  for (const name of [
    "etag",
    "last-modified",
    "cache-control",
    "netlify-cdn-cache-control",
    "netlify-vary",
    "vary",
    "link",
    "access-control-allow-origin",
    "access-control-expose-headers",
    "x-content-type-options",
  ]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}
