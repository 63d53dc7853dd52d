import type { Config } from "@netlify/functions";

type RateLimit = NonNullable<Config["rateLimit"]>;

/**
 * Per-client limits (function config `rateLimit`), counted per IP and domain over 60 s, enforced by
 * Netlify's edge and by the production server, not by Netlify's local emulation. The OpenAPI
 * document states them (RATE_LIMITS below).
 */
export const READ_RATE_LIMIT: RateLimit = { windowLimit: 300, windowSize: 60, aggregateBy: ["ip", "domain"] };
export const MCP_RATE_LIMIT: RateLimit = { windowLimit: 120, windowSize: 60, aggregateBy: ["ip", "domain"] };
export const HUB_RATE_LIMIT: RateLimit = { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] };

/** The three limits, as the OpenAPI document states them. */
export const RATE_LIMITS = { read: READ_RATE_LIMIT, mcp: MCP_RATE_LIMIT, hub: HUB_RATE_LIMIT } as const;
