import { NOSNIFF_HEADERS } from "./security-headers.ts";

/** Every read endpoint is public (docs/interface.md §5): any origin may read, and these headers are exposed. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Last-Modified, Link, Mcp-Session-Id",
};

/**
 * Answer to a CORS preflight for an endpoint that accepts `methods`.
 * `Authorization` is allowed so that a browser client that sends one is not
 * stopped at the preflight: the header is then ignored, as for any other
 * client (docs/interface.md §5).
 */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    ...CORS_HEADERS,
    ...NOSNIFF_HEADERS,
    "Access-Control-Allow-Methods": methods.join(", "),
    "Access-Control-Allow-Headers":
      "Content-Type, Accept, If-None-Match, If-Modified-Since, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Authorization",
    "Access-Control-Max-Age": "86400",
  };
}
