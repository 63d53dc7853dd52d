import { errorResponse } from "./json-response.ts";

/** A function's `config.rateLimit` as Netlify documents it: `windowLimit` requests per `windowSize` seconds. */
export interface RateLimitConfig {
  windowLimit: number;
  windowSize: number;
  aggregateBy?: string | string[];
}

export interface RateLimiter {
  /** Counts one request for `key` at `nowMs`; returns the seconds to wait when it is over the limit, else null. */
  hit: (key: string, nowMs: number) => number | null;
}

/**
 * Fixed windows aligned to `windowSize`, one counter per key. The whole
 * table is dropped when a window ends, so memory stays bounded by the
 * clients seen in one window.
 */
export function createRateLimiter(config: RateLimitConfig): RateLimiter {
  const windowMs = config.windowSize * 1000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    hit(key, nowMs) {
      const start = nowMs - (nowMs % windowMs);
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count > config.windowLimit ? Math.ceil((start + windowMs - nowMs) / 1000) : null;
    },
  };
}

/** The key a request counts under: the client IP, and the host when `aggregateBy` lists "domain". */
export function rateLimitKey(config: RateLimitConfig, ip: string, host: string): string {
  const by = Array.isArray(config.aggregateBy) ? config.aggregateBy : [config.aggregateBy ?? "ip"];
  return by.includes("domain") ? `${ip} ${host}` : ip;
}

/** 429 with `Retry-After` (RFC 6585 §4). */
export function tooManyRequests(retryAfterSeconds: number): Response {
  return errorResponse(429, "rate_limited", `Too many requests from this client. Try again in ${retryAfterSeconds} s.`, {
    "Retry-After": String(retryAfterSeconds),
  });
}
