import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import { CORS_HEADERS } from "../lib/http/cors.ts";

/**
 * Limits that turn hostile or broken clients into clean 4xx answers before
 * any function runs. Node itself answers 431 past `maxHeaderSize` and 408
 * when headers or the whole request take too long.
 */
export const HTTP_LIMITS = {
  /** Longer request targets get 414 (RFC 9112 §3 recommends supporting at least 8000 octets). */
  maxUrlLength: 8192,
  /** Netlify's limit on a function's request body is 6 MB; larger declared bodies get 413 before any byte is read. */
  maxBodyBytes: 6 * 1024 * 1024,
  /** Request headers above 16 KiB: 431. */
  maxHeaderSize: 16 * 1024,
  /** A client must send its headers within 10 s and its whole request within 30 s (then 408). */
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
} as const;

export const SERVER_OPTIONS: ServerOptions = {
  maxHeaderSize: HTTP_LIMITS.maxHeaderSize,
  headersTimeout: HTTP_LIMITS.headersTimeoutMs,
  requestTimeout: HTTP_LIMITS.requestTimeoutMs,
  keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
  // How often Node checks the two timeouts above (default 30 s, which would let a slow client hold on three times longer).
  connectionsCheckingInterval: 1_000,
};

function reject(res: ServerResponse, status: number, error: string, message: string): true {
  const body = JSON.stringify({ error, message });
  // The unread body (413) or the rest of the request would otherwise be parsed as the next one.
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body), Connection: "close", ...CORS_HEADERS });
  res.end(body);
  return true;
}

/** Answers requests over the limits above; returns true when it did. */
export function rejectOversized(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.url?.length ?? 0) > HTTP_LIMITS.maxUrlLength) {
    return reject(res, 414, "uri_too_long", `The request target is longer than ${HTTP_LIMITS.maxUrlLength} characters.`);
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > HTTP_LIMITS.maxBodyBytes) {
    return reject(res, 413, "payload_too_large", `Request bodies are limited to ${HTTP_LIMITS.maxBodyBytes} bytes.`);
  }
  return false;
}
