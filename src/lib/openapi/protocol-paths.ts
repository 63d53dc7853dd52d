import type { SiteUrls } from "../dataset/site-urls.ts";
import type { RateLimitConfig } from "../http/rate-limit.ts";
import { toOpenApiSchema } from "./json-schema.ts";
import { JsonRpcRequestSchema, JsonRpcResponseSchema } from "./protocol-schemas.ts";
import { createHubRequestSchema } from "../websub/hub-request.ts";
import { HUB_LIMITS } from "../websub/hub-limits.ts";
import { listTopics } from "../websub/topics.ts";

const errorBody = { $ref: "#/components/schemas/Error" };
const rpc = (description: string) => ({ description, content: { "application/json": { schema: toOpenApiSchema(JsonRpcResponseSchema) } } });
const SESSION_HEADER = {
  name: "Mcp-Session-Id",
  in: "header",
  required: false,
  description: "Session id returned by initialize; omit to be served statelessly",
  schema: { type: "string" },
};

/**
 * The 429 of a rate-limited endpoint (RFC 6585 §4): Netlify's edge counts
 * each client IP against the function's `config.rateLimit`, and so does the
 * production server, which answers with this JSON body and `Retry-After`.
 */
export function tooManyRequests(limit: RateLimitConfig): Record<string, unknown> {
  return {
    description: `Too Many Requests: more than ${limit.windowLimit} requests in ${limit.windowSize} s from one client IP. Wait the seconds that Retry-After gives.`,
    headers: { "Retry-After": { description: "Seconds to wait before sending again", schema: { type: "integer", minimum: 1 } } },
    content: {
      "application/json": { schema: errorBody, example: { error: "rate_limited", message: "Too many requests from this client. Try again in 12 s." } },
    },
  };
}

/** `/mcp`: MCP streamable HTTP (protocol 2025-06-18), JSON responses only. */
export function describeMcpPath(limit: RateLimitConfig): Record<string, unknown> {
  return {
    post: {
      tags: ["mcp"],
      operationId: "mcpRequest",
      summary: "MCP JSON-RPC request (streamable HTTP, JSON responses)",
      description:
        "Send `initialize` (protocolVersion 2025-06-18), keep the returned `Mcp-Session-Id` header, then `tools/list`, `tools/call`, `resources/list`, `resources/read`. Requests without a session id are served statelessly. Batches are rejected.",
      parameters: [
        SESSION_HEADER,
        {
          name: "MCP-Protocol-Version",
          in: "header",
          required: false,
          description: "Negotiated protocol version; an unsupported one is a 400",
          schema: { type: "string" },
        },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: toOpenApiSchema(JsonRpcRequestSchema),
            example: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_reviews", arguments: { rating: 5, limit: 3 } } },
          },
        },
      },
      responses: {
        "200": rpc("JSON-RPC response"),
        "202": { description: "Accepted (a notification or response from the client)" },
        "400": rpc("Malformed JSON (-32700), invalid request or batch (-32600), unsupported protocol version"),
        "404": rpc("Unknown, forged, expired or ended session"),
        "413": rpc("Body over the size cap"),
        "415": rpc("Content-Type is not application/json"),
        "429": tooManyRequests(limit),
      },
    },
    delete: {
      tags: ["mcp"],
      operationId: "mcpEndSession",
      summary: "End an MCP session",
      parameters: [{ ...SESSION_HEADER, required: true }],
      responses: { "204": { description: "Session ended" }, "404": rpc("Unknown or already ended session"), "429": tooManyRequests(limit) },
    },
  };
}

/** `/api/websub/hub`: WebSub hub (W3C Recommendation), form-encoded requests. */
export function describeHubPath(urls: SiteUrls, limit: RateLimitConfig): Record<string, unknown> {
  return {
    post: {
      tags: ["websub"],
      operationId: "websubHub",
      summary: "Subscribe, unsubscribe or publish (WebSub)",
      description: `Topics: ${urls.atomFeed}, ${urls.jsonFeed}, ${urls.reviews}. The hub answers 202 and verifies the callback in the background with a GET carrying hub.mode, hub.topic, hub.challenge and hub.lease_seconds.`,
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: toOpenApiSchema(createHubRequestSchema(listTopics(urls), HUB_LIMITS), "input"),
            example: { "hub.mode": "subscribe", "hub.topic": urls.jsonFeed, "hub.callback": "https://subscriber.example/websub/callback" },
          },
        },
      },
      responses: {
        "202": { description: "Accepted; verification follows asynchronously" },
        "400": {
          description: "Invalid request (missing field, unknown topic, bad mode, plain-HTTP callback, secret too long)",
          content: { "application/json": { schema: errorBody } },
        },
        "405": { description: "Method not allowed", content: { "application/json": { schema: errorBody } } },
        "413": { description: "Body too large", content: { "application/json": { schema: errorBody } } },
        "415": { description: "Not application/x-www-form-urlencoded", content: { "application/json": { schema: errorBody } } },
        "429": tooManyRequests(limit),
      },
    },
  };
}
