import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { buildJsonFeed } from "../lib/feeds/json-feed.ts";
import type { McpData } from "./mcp-deps.ts";

/**
 * The published datasets as MCP resources (MCP 2025-06-18, resources). The
 * URIs are the documents' own https URLs under `{base_url}`, so a client may
 * also fetch them directly; reading them here returns the same JSON.
 */
export function registerDatasetResources(server: McpServer, { index, insights, urls }: McpData): void {
  const json = (uri: URL, mimeType: string, value: unknown) => ({ contents: [{ uri: uri.href, mimeType, text: JSON.stringify(value) }] });
  server.registerResource(
    "reviews",
    urls.reviews,
    {
      title: "Reviews dataset",
      description: "Every verified review with the business profile and aggregate rating (/reviews.json), newest first.",
      mimeType: "application/json",
    },
    (uri) => json(uri, "application/json", index.dataset),
  );
  server.registerResource(
    "insights",
    urls.insights,
    {
      title: "Insights dataset",
      description: "Aspect-based sentiment, technicians/services/areas, topics, FAQ and summary (/insights.json).",
      mimeType: "application/json",
    },
    (uri) => json(uri, "application/json", insights),
  );
  server.registerResource(
    "feed",
    urls.jsonFeed,
    {
      title: "Newest reviews feed",
      description: "JSON Feed 1.1 of the 50 newest reviews (/api/feed.json).",
      mimeType: "application/feed+json",
    },
    (uri) => json(uri, "application/feed+json", buildJsonFeed(index.dataset, urls)),
  );
}
