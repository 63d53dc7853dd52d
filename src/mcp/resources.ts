import { ResourceNotFoundError, type ReadResourceResult, type Resource, type Server } from "@modelcontextprotocol/server";
import { buildJsonFeed } from "../lib/feeds/json-feed.ts";
import type { McpData } from "./mcp-deps.ts";

interface DatasetResource extends Resource {
  read: () => unknown;
}

/**
 * The published datasets as MCP resources (MCP 2026-07-28 and 2025-06-18,
 * server/resources). The URIs are the documents' own https URLs under
 * `{base_url}`, so a client may also fetch them directly; reading them here
 * returns the same JSON.
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

/**
 * Answers resources/list, resources/templates/list (there are none) and
 * resources/read. An unknown URI is the SDK's ResourceNotFoundError: -32602
 * with `data.uri` (SEP-2164, the code 2026-07-28 uses; it replaced -32002).
 * Its message is ours, once: the SDK adds no prefix to what goes on the wire.
 */
export function registerDatasetResources(server: Server, data: McpData): void {
  const resources = listDatasetResources(data);
  const listing = resources.map(({ read: _read, ...resource }) => resource);
  server.setRequestHandler("resources/list", () => ({ resources: listing }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: [] }));
  server.setRequestHandler("resources/read", (request): ReadResourceResult => {
    const { uri } = request.params;
    const wanted = URL.canParse(uri) ? new URL(uri).href : uri; // https://Example.com:443/x names https://example.com/x
    const resource = resources.find((candidate) => candidate.uri === wanted);
    if (resource === undefined) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}; resources/list names the ${resources.length} resources`);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: JSON.stringify(resource.read()) }] };
  });
}
