import type * as z from "../zod.ts";
import type { SiteUrls } from "../dataset/site-urls.ts";
import { ErrorSchema, SearchResultSchema, SinceResultSchema, ValidationErrorSchema } from "../schema/api-results.ts";
import { AggregateRatingSchema, ReviewsDatasetSchema, type ReviewsDataset } from "../schema/dataset.ts";
import { BusinessSchema } from "../schema/business.ts";
import { InsightsSchema } from "../schema/insights.ts";
import { ReviewRecordSchema } from "../schema/review.ts";
import { SincePathSchema } from "../api/since-endpoint.ts";
import { SearchParamsSchema } from "../search/search-params.ts";
import { buildComponentSchemas, toOpenApiSchema, type JsonSchema } from "./json-schema.ts";
import type { RateLimitConfig } from "../http/rate-limit.ts";
import { describeMcpPath, describeHubPath, tooManyRequests } from "./protocol-paths.ts";

/** Each rate-limited function's `config.rateLimit` (src/platform/rate-limits.ts), documented as its 429. */
export interface DocumentedRateLimits {
  read: RateLimitConfig;
  mcp: RateLimitConfig;
  hub: RateLimitConfig;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: JsonSchema, example?: unknown) => ({ "application/json": { schema, ...(example === undefined ? {} : { example }) } });

const VALIDATOR_HEADERS = {
  ETag: { description: "Strong entity tag computed from the body bytes", schema: { type: "string" } },
  "Last-Modified": { description: "Newest review or reply date in the data, at 00:00:00 GMT", schema: { type: "string" } },
};
const TOPIC_HEADERS = {
  ETag: VALIDATOR_HEADERS.ETag,
  Link: { description: 'WebSub discovery: `<hub>; rel="hub", <topic>; rel="self"`', schema: { type: "string" } },
};
const CONDITIONAL_PARAMETERS = [
  {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "Entity tags (or `*`); weak comparison. Takes precedence over If-Modified-Since.",
    schema: { type: "string" },
  },
  {
    name: "If-Modified-Since",
    in: "header",
    required: false,
    description: "HTTP-date; ignored when If-None-Match is present or the date is invalid.",
    schema: { type: "string" },
  },
];
const NOT_MODIFIED = { description: "Not Modified: the representation matches; empty body, carries the ETag." };
const METHOD_NOT_ALLOWED = { description: "Method not allowed; see the Allow header.", content: json(ref("Error")) };

function staticDataset(operationId: string, summary: string, schema: JsonSchema | Record<string, unknown>, contentType: string, topic: boolean) {
  return {
    get: {
      tags: ["datasets"],
      operationId,
      summary,
      parameters: CONDITIONAL_PARAMETERS,
      responses: {
        "200": { description: "OK", headers: topic ? TOPIC_HEADERS : { ETag: VALIDATOR_HEADERS.ETag }, content: { [contentType]: { schema } } },
        "304": NOT_MODIFIED,
      },
    },
  };
}

/** One query parameter per field of the search schema, with its bounds, description and example. */
function describeSearchParameters() {
  return Object.entries(SearchParamsSchema.shape as Record<string, z.ZodType>).map(([name, schema]) => {
    const { description, examples, ...rest } = toOpenApiSchema(schema, "input");
    return { name, in: "query", required: false, description, schema: rest, ...(Array.isArray(examples) ? { example: examples[0] } : {}) };
  });
}

/**
 * The OpenAPI 3.1.0 description of the whole interface, generated from the
 * same zod schemas that validate requests and type the code. Version 1.0.0 is
 * the interface version of docs/interface.md §9.
 */
export function buildOpenApiDocument(urls: SiteUrls, dataset: ReviewsDataset, limits: DocumentedRateLimits): Record<string, unknown> {
  const sample = dataset.reviews.slice(0, 1);
  const schemas = buildComponentSchemas({
    Review: ReviewRecordSchema,
    Business: BusinessSchema,
    AggregateRating: AggregateRatingSchema,
    ReviewsDataset: ReviewsDatasetSchema,
    Insights: InsightsSchema,
    SearchResult: SearchResultSchema,
    SinceResult: SinceResultSchema,
    Error: ErrorSchema,
    ValidationError: ValidationErrorSchema,
  });
  const datePath = toOpenApiSchema(SincePathSchema.shape.date, "input");
  return {
    openapi: "3.1.0",
    info: {
      title: `${dataset.business.name}: verified reviews API`,
      version: "1.0.0",
      summary: "Public, read-only reviews, insights, feeds, MCP and WebSub for one local business.",
      description:
        "Every endpoint is public: no key, token or account. An Authorization header is ignored. Read endpoints send `Access-Control-Allow-Origin: *`.",
      license: { name: "CC BY 4.0", identifier: "CC-BY-4.0" },
    },
    servers: [{ url: urls.base }],
    security: [],
    tags: [
      { name: "datasets", description: "Pre-rendered files served by the CDN, with strong ETags" },
      { name: "query", description: "Search and incremental sync over the same dataset" },
      { name: "mcp", description: "Model Context Protocol server with read-only tools" },
      { name: "websub", description: "WebSub hub pushing topic content to subscribers" },
    ],
    paths: {
      "/reviews.json": staticDataset(
        "getReviews",
        "Business, aggregate rating and every review, newest first",
        ref("ReviewsDataset"),
        "application/json",
        true,
      ),
      "/insights.json": staticDataset("getInsights", "Aspects, entities, topics, FAQ and summary", ref("Insights"), "application/json", false),
      "/api/feed.json": staticDataset(
        "getJsonFeed",
        "JSON Feed 1.1 of the 50 newest reviews; `_review` carries each review record",
        { type: "object", description: "JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/)" },
        "application/feed+json",
        true,
      ),
      "/feed.xml": staticDataset(
        "getAtomFeed",
        "Atom feed of the 50 newest reviews",
        { type: "string", description: "Atom (RFC 4287)" },
        "application/atom+xml",
        true,
      ),
      "/api/reviews/search": {
        get: {
          tags: ["query"],
          operationId: "searchReviews",
          summary: "Search reviews",
          description:
            "All filters combine with AND. Results come newest first, then by id. Unknown, repeated or empty parameters are a 400. The MCP tool `search_reviews` takes the same parameters.",
          parameters: [...describeSearchParameters(), ...CONDITIONAL_PARAMETERS],
          responses: {
            "200": {
              description: "Matching reviews",
              headers: VALIDATOR_HEADERS,
              content: json(ref("SearchResult"), { reviews: sample, count: sample.length, total: dataset.reviews.length, limit: 1, offset: 0 }),
            },
            "304": NOT_MODIFIED,
            "400": {
              description: "Invalid query parameters",
              content: json(ref("ValidationError"), {
                error: "invalid_request",
                message: "Invalid request: rating must be a whole number from 1 to 5",
                issues: [{ path: ["rating"], code: "invalid_type", message: "rating must be a whole number from 1 to 5" }],
              }),
            },
            "405": METHOD_NOT_ALLOWED,
            "429": tooManyRequests(limits.read),
          },
        },
      },
      "/api/reviews/since/{date}": {
        get: {
          tags: ["query"],
          operationId: "listReviewsSince",
          summary: "Reviews on or after a date, oldest first",
          parameters: [
            {
              name: "date",
              in: "path",
              required: true,
              description: datePath.description,
              schema: { type: "string", pattern: datePath.pattern },
              example: "2026-01-01",
            },
            ...CONDITIONAL_PARAMETERS,
          ],
          responses: {
            "200": {
              description: "Reviews since the date",
              headers: VALIDATOR_HEADERS,
              content: json(ref("SinceResult"), { since: sample[0]?.date ?? "2026-01-01", count: sample.length, reviews: sample }),
            },
            "304": NOT_MODIFIED,
            "400": { description: "Malformed or impossible date", content: json(ref("ValidationError")) },
            "405": METHOD_NOT_ALLOWED,
            "429": tooManyRequests(limits.read),
          },
        },
      },
      "/mcp": describeMcpPath(limits.mcp),
      "/api/websub/hub": describeHubPath(urls, limits.hub),
      "/openapi.json": staticDataset("getOpenApi", "This document", { type: "object", description: "OpenAPI 3.1.0" }, "application/json", false),
    },
    components: { schemas },
  };
}
