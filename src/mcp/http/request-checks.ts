import { isJsonContentType } from "@modelcontextprotocol/server";
import { memoizeText } from "../../lib/memo.ts";

/** The media types the transport requires a POST to accept (transports §Sending Messages). */
export const MCP_ACCEPT = "application/json, text/event-stream";

export { isJsonContentType };

/**
 * Whether a POST's `Accept` admits JSON. The transport has clients list JSON and SSE, but
 * docs/interface.md §4.6 also accepts a bare `tools/list`, and this server only answers JSON, so
 * any `Accept` admitting JSON will do (the SDK then gets the pair it expects); one ruling it out
 * gets 406. JSON's quality is that of the most specific matching range (RFC 9110 §12.5.1), so
 * `application/json;q=0` refuses it whatever wildcard follows.
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
 * DNS-rebinding guard (transports §Security Warning) where it matters: when the site is served
 * from loopback (a dev server), a request must name a loopback host too, so a page on evil.example
 * rebound to 127.0.0.1, which still sends `Host: evil.example`, is refused. A public deployment
 * accepts any host and Origin, since nothing here is private (docs/mcp.md).
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
