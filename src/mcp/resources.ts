import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import { buildJsonFeed } from "../lib/feeds/json-feed.ts";
import type { McpData } from "./mcp-deps.ts";

/** MCP 2025-06-18, resources §Error Handling: "Resource not found: -32002". */
const RESOURCE_NOT_FOUND = -32002;

interface DatasetResource extends Resource {
  read: () => unknown;
}

/**
 * The published datasets as MCP resources (MCP 2025-06-18, resources). The
 * URIs are the documents' own https URLs under `{base_url}`, so a client may
 * also fetch them directly; reading them here returns the same JSON.
 */
function listDatasetResources({ index, insights, urls }: McpData): DatasetResource[] {
  return [
    {
      name: "reviews",
      uri: urls.reviews,
      title: "Reviews dataset",
      description: "Every verified review with the business profile and aggregate rating (/reviews.json), newest first.",
      mimeType: "application/json",
      read: () => index.dataset,
    },
    {
      name: "insights",
      uri: urls.insights,
      title: "Insights dataset",
      description: "Aspect-based sentiment, technicians/services/areas, topics, FAQ and summary (/insights.json).",
      mimeType: "application/json",
      read: () => insights,
    },
    {
      name: "feed",
      uri: urls.jsonFeed,
      title: "Newest reviews feed",
      description: "JSON Feed 1.1 of the 50 newest reviews (/api/feed.json).",
      mimeType: "application/feed+json",
      read: () => buildJsonFeed(index.dataset, urls),
    },
  ];
}

/** Answers resources/list, resources/templates/list (there are none) and resources/read. */
export function registerDatasetResources(server: Server, data: McpData): void {
  const resources = listDatasetResources(data);
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resources.map(({ read: _read, ...resource }) => resource) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request): ReadResourceResult => {
    const { uri } = request.params;
    const wanted = URL.canParse(uri) ? new URL(uri).href : uri; // https://Example.com:443/x names https://example.com/x
    const resource = resources.find((candidate) => candidate.uri === wanted);
    if (resource === undefined) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}; resources/list names the ${resources.length} resources`, { uri });
    }
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: JSON.stringify(resource.read()) }] };
  });
}
