import { isJsonContentType } from "@modelcontextprotocol/server";
import { memoizeText } from "../../lib/memo.ts";

/** The media types the transport requires a POST to accept (transports §Sending Messages). */
export const MCP_ACCEPT = "application/json, text/event-stream";

export { isJsonContentType };

/**
 * Decides what to do with a POST's `Accept` header. The spec has clients list
 * both JSON and SSE, and the SDK answers 406 otherwise; but docs/interface.md §4.6
 * also accepts a `tools/list` sent with only `Content-Type: application/json`.
 * This server always answers with JSON (never SSE), so any `Accept` that
 * admits JSON (absent, a wildcard, `application/json`) is normalized to the
 * pair the SDK expects. One that rules JSON out gets a 406 from us. JSON's
 * quality is that of the most specific range that matches it
 * (`application/json`, then `application/*`, then the full wildcard; RFC 9110
 * §12.5.1), so `application/json;q=0` refuses it whatever wildcard follows.
 */
export function acceptsJson(accept: string | null): boolean {
  return accept === null || judgeAccept(accept);
}

/** Accept headers already judged: clients repeat theirs on every call (bench:load MCP rows, bench/RESULTS.md). */
const judgeAccept = memoizeText(100, (accept) => {
  if (accept.trim() === "") return true;
  let best = 0;
  let acceptable = false;
  for (const entry of accept.split(",")) {
    const [range = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const specificity = JSON_RANGES[range] ?? 0;
    if (specificity <= best) continue;
    best = specificity;
    acceptable = !params.some((param) => /^q=0(?:\.0{0,3})?$/.test(param));
  }
  return acceptable;
});

/** The media ranges that match application/json, most specific highest. */
const JSON_RANGES: Readonly<Record<string, number>> = { "application/json": 3, "application/*": 2, "*/*": 1 };

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return LOOPBACK_NAMES.has(name) || name.endsWith(".localhost") || /^127(?:\.\d{1,3}){3}$/.test(name);
}

function hostnameOf(hostHeader: string): string | null {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

/**
 * DNS-rebinding guard (transports §Security Warning), applied where it
 * matters: when the site itself is served from a loopback address (the local
 * dev server), a request must name a loopback host too. A page on
 * evil.example that rebinds its name to 127.0.0.1 still sends
 * `Host: evil.example` and is refused. A public deployment accepts any host
 * (custom domain, netlify.app, deploy previews all serve the same public
 * data), and any Origin, because nothing here is private: see docs/mcp.md.
 */
export function isAllowedHost(request: Request, siteBaseUrl: string): boolean {
  if (!isLoopbackSite(siteBaseUrl)) return true;
  return isLoopbackHost(request.headers.get("host") ?? new URL(request.url).host);
}

/** Host headers already judged (each is parsed as a URL otherwise); any client picks its Host header, so the memo stays small. */
const isLoopbackHost = memoizeText(100, (header) => {
  const hostname = hostnameOf(header);
  return hostname !== null && isLoopbackHostname(hostname);
});

/** The last site asked about (one per instance): it is parsed as a URL otherwise, on every request. */
let lastSite = { url: "", loopback: false };

function isLoopbackSite(siteBaseUrl: string): boolean {
  if (lastSite.url !== siteBaseUrl) lastSite = { url: siteBaseUrl, loopback: isLoopbackHostname(new URL(siteBaseUrl).hostname) };
  return lastSite.loopback;
}
