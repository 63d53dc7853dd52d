import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_HEADERS } from "../lib/http/json-response.ts";

/** Every method some resource of this server answers: what `OPTIONS *` reports. */
export const SERVER_METHODS = ["GET", "HEAD", "POST", "DELETE", "OPTIONS"] as const;

/** host [":" port] (RFC 3986 §3.2.2, §3.2.3): an IP literal or a reg-name of unreserved, sub-delims and pct-encoded characters. */
const HOST_VALUE = /^(?:\[[\dA-Fa-f:.]+\]|[\w.~!$&'()*+,;=%-]*)(?::\d*)?$/;

/** The Host field lines of a request, as sent (Node keeps only the first in `headers.host`). */
function hostLines(req: IncomingMessage): string[] {
  const lines: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") lines.push(req.rawHeaders[i + 1]!);
  return lines;
}

/** Why the request's Host is refused (RFC 9112 §3.2: none in HTTP/1.1, more than one, or an invalid value), or null. */
export function describeHostProblem(req: IncomingMessage): string | null {
  const lines = hostLines(req);
  if (lines.length > 1) return `The request has ${lines.length} Host headers; send exactly one (RFC 9112 §3.2).`;
  if (lines.length === 0) return req.httpVersion === "1.0" ? null : "The request has no Host header; HTTP/1.1 requires one (RFC 9112 §3.2).";
  return HOST_VALUE.test(lines[0]!) ? null : "The Host header is not a host and optional port (RFC 9112 §3.2, RFC 3986 §3.2.2).";
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body: string): true {
  res.writeHead(status, { ...headers, ...RESPONSE_HEADERS, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
  return true;
}

function refuse(res: ServerResponse, message: string): true {
  // The rest of a request with a broken head cannot be trusted to frame the next one.
  return answer(res, 400, { "Content-Type": "application/json; charset=utf-8", Connection: "close" }, JSON.stringify({ error: "bad_request", message }));
}

/**
 * Requests about the server rather than a resource, answered before any
 * routing: a Host the request cannot be routed by gets 400; `OPTIONS *`
 * (RFC 9110 §9.3.7) gets 200 with the methods the server implements and no
 * content; any other method with the `*` target is a 400, since that form is
 * for OPTIONS only (RFC 9112 §3.2.4). Returns true when it answered.
 */
export function answerServerRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const hostProblem = describeHostProblem(req);
  if (hostProblem !== null) return refuse(res, hostProblem);
  if (req.url !== "*") return false;
  if (req.method !== "OPTIONS") return refuse(res, `The request target "*" is for OPTIONS only (RFC 9112 §3.2.4); ${req.method} needs a path.`);
  return answer(res, 200, { Allow: SERVER_METHODS.join(", ") }, "");
}
