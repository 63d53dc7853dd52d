import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { RESPONSE_HEADERS } from "../lib/http/json-response.ts";

/**
 * Limits that turn hostile or broken clients into clean 4xx answers with a
 * JSON body before any function runs: 414, 431 and 413 from the parsed
 * request (rejectOversized); 400, 408, and 414 or 431 past what the parser
 * reads, from Node's `clientError` (answerClientError).
 */
export const HTTP_LIMITS = {
  /** Longer request targets get 414 (RFC 9112 §3 recommends supporting at least 8000 octets). */
  maxUrlLength: 8192,
  /** Netlify's limit on a function's request body is 6 MB; larger declared bodies get 413 before any byte is read. */
  maxBodyBytes: 6 * 1024 * 1024,
  /** Request headers above 16 KiB (the request line aside): 431. */
  maxHeaderSize: 16 * 1024,
  /**
   * What Node's parser reads of a request's head before giving up: room past the 414 and 431 limits,
   * so rejectOversized answers each; beyond it answerClientError tells 414 from 431 by where the
   * parser stopped.
   */
  maxHeadBytes: 32 * 1024,
  /** A client must send its headers within 10 s and its whole request within 30 s (then 408). */
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
} as const;

export const SERVER_OPTIONS: ServerOptions = {
  maxHeaderSize: HTTP_LIMITS.maxHeadBytes,
  headersTimeout: HTTP_LIMITS.headersTimeoutMs,
  requestTimeout: HTTP_LIMITS.requestTimeoutMs,
  keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
  // How often Node checks the two timeouts above (default 30 s, which would let a slow client hold on three times longer).
  connectionsCheckingInterval: 1_000,
  // A missing Host is answered by request-head.ts, with the JSON body of every other 400 (Node's own has none).
  requireHostHeader: false,
};

const REASONS: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 414: "URI Too Long", 431: "Request Header Fields Too Large" };

/** The JSON error body every 4xx of this file carries (the same shape as the functions' errors). */
function errorBody(error: string, message: string): string {
  return JSON.stringify({ error, message });
}

/** The bytes of a request's header section as sent: each `name: value` line and its CRLF. */
function headerBytes(req: IncomingMessage): number {
  let total = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) total += req.rawHeaders[i]!.length + req.rawHeaders[i + 1]!.length + 4;
  return total;
}

const REQUEST_LINE_START = /^[A-Z]+ /;
const REQUEST_LINE = /^(?:[A-Z]+ )?\S+ HTTP\/\d\.\d$/;
const HEADER_START = /^[!#$%&'*+.^`|~\w-]+:/;
/** Only characters a request target may hold (RFC 3986 §2). */
const TARGET_CHARACTERS = /^[\w\-.~:/?#[\]@!$&'()*+,;=%]*$/;

/**
 * Whether the parser gave up inside the request line (`packet`: the chunk it was reading,
 * `bytesParsed`: where it stopped). Either the chunk's first line up to the stop is (the end of)
 * a request line, or no line ends and the chunk is not a header and holds only request-target
 * characters: most likely the middle of a long target.
 */
function stoppedInRequestLine(packet: unknown, bytesParsed: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const text = packet.toString("latin1");
  const end = text.indexOf("\r\n");
  if (end === -1) return REQUEST_LINE_START.test(text) || (!HEADER_START.test(text) && TARGET_CHARACTERS.test(text));
  if (typeof bytesParsed === "number" && bytesParsed > end) return false;
  return REQUEST_LINE.test(text.slice(0, end));
}

/**
 * `clientError`: a request Node could not parse, or a client too slow. As
 * Node's own handler does, it answers only when no answer has started on
 * the connection, then closes it; but with the JSON body of every other
 * error here, and 414 rather than 431 when the parser gave up inside the
 * request line (414: RFC 9110 §15.5.15; 431: RFC 6585 §5).
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown; bytesParsed?: unknown }, socket: Duplex): void {
  // Node reports every later chunk the stopped parser refuses, too: the connection is already answered and closing.
  if (answered.has(socket)) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent && error.code !== "ECONNRESET") {
    let status = 400;
    let body = errorBody("bad_request", "The request could not be parsed as HTTP/1.1.");
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      status = 408;
      body = errorBody(
        "request_timeout",
        `The request was not received in time (headers within ${HTTP_LIMITS.headersTimeoutMs / 1000} s, the whole request within ${HTTP_LIMITS.requestTimeoutMs / 1000} s).`,
      );
    } else if (error.code === "HPE_HEADER_OVERFLOW" && stoppedInRequestLine(error.rawPacket, error.bytesParsed)) {
      status = 414;
      body = errorBody("uri_too_long", `The request target is longer than ${HTTP_LIMITS.maxUrlLength} characters.`);
    } else if (error.code === "HPE_HEADER_OVERFLOW") {
      status = 431;
      body = errorBody("request_header_fields_too_large", `Request headers are limited to ${HTTP_LIMITS.maxHeaderSize} bytes.`);
    }
    answerAndClose(socket, status, body);
    return;
  }
  socket.destroy();
}

/**
 * A CONNECT request (Node's `connect` event; without a listener Node just
 * closes the connection). CONNECT asks a proxy for a tunnel (RFC 9110
 * §9.3.6); this is an origin server, so it is a 400 with a JSON body, as
 * any request this server cannot serve gets, never a 5xx.
 */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  answerAndClose(socket, 400, errorBody("bad_request", "CONNECT asks a proxy for a tunnel; this is an origin server and opens none."));
}

/** Writes a whole JSON answer on a connection that no ServerResponse owns, then closes it. */
function answerAndClose(socket: Duplex, status: number, body: string): void {
  const common = Object.entries(RESPONSE_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${common}Connection: close\r\n\r\n${body}`,
  );
  // Closing at once, while the client is still sending, would reset the connection and could drop the answer
  // on its way: read and discard what is still coming for a moment, then close.
  answered.add(socket);
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

const answered = new WeakSet<Duplex>();

/** How long a connection answered by answerClientError may still send before it is closed. */
const CLIENT_ERROR_LINGER_MS = 2_000;

function reject(res: ServerResponse, status: number, error: string, message: string): true {
  const body = errorBody(error, message);
  // The unread body (413) or the rest of the request would otherwise be parsed as the next one.
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
    ...RESPONSE_HEADERS,
  });
  res.end(body);
  return true;
}

/** Answers requests over the limits above; returns true when it did. */
export function rejectOversized(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.url?.length ?? 0) > HTTP_LIMITS.maxUrlLength) {
    return reject(res, 414, "uri_too_long", `The request target is longer than ${HTTP_LIMITS.maxUrlLength} characters.`);
  }
  if (headerBytes(req) > HTTP_LIMITS.maxHeaderSize) {
    return reject(res, 431, "request_header_fields_too_large", `Request headers are limited to ${HTTP_LIMITS.maxHeaderSize} bytes.`);
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > HTTP_LIMITS.maxBodyBytes) {
    return reject(res, 413, "payload_too_large", `Request bodies are limited to ${HTTP_LIMITS.maxBodyBytes} bytes.`);
  }
  return false;
}
