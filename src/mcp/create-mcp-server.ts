import { ProtocolError, ProtocolErrorCode, Server, type CacheHint, type CallToolResult } from "@modelcontextprotocol/server";
import { toValidationIssues } from "../lib/http/validation-error.ts";
import { describeServer } from "./instructions.ts";
import type { McpData } from "./mcp-deps.ts";
import { SUPPORTED_PROTOCOL_VERSIONS } from "./protocol-versions.ts";
import { registerDatasetResources } from "./resources.ts";
import type { RegisteredTool } from "./tool-definition.ts";
import { toInvalidRequestError, toToolError } from "./tool-result.ts";
import { evaluateTopicTool } from "./tools/evaluate-topic.ts";
import { getBusinessTool } from "./tools/get-business.ts";
import { getInsightsTool } from "./tools/get-insights.ts";
import { getReviewTool } from "./tools/get-review.ts";
import { getReviewsSinceTool } from "./tools/get-reviews-since.ts";
import { listServicesTool } from "./tools/list-services.ts";
import { listTechniciansTool } from "./tools/list-technicians.ts";
import { searchReviewsTool } from "./tools/search-reviews.ts";

export const SERVER_NAME = "keystone-reviews";
export const SERVER_VERSION = "1.0.0";

/** The tools in listing order, one file each under tools/. Both protocol eras serve exactly these. */
export const TOOLS: readonly RegisteredTool[] = [
  getBusinessTool,
  searchReviewsTool,
  getReviewsSinceTool,
  getReviewTool,
  getInsightsTool,
  listTechniciansTool,
  listServicesTool,
  evaluateTopicTool,
];
const TOOLS_BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** The tool of that name, or undefined. */
export function findTool(name: string): RegisteredTool | undefined {
  return TOOLS_BY_NAME.get(name);
}

/** The server's identity (initialize's serverInfo, the 2026-07-28 serverInfo `_meta`). */
export function serverIdentity(data: McpData): { name: string; title: string; version: string } {
  return { name: SERVER_NAME, title: `${data.index.dataset.business.name} reviews`, version: SERVER_VERSION };
}

/** Tool names in listing order; a call to any other name is -32602. */
export const TOOL_NAMES = [
  "get_business",
  "search_reviews",
  "get_reviews_since",
  "get_review",
  "get_insights",
  "list_technicians",
  "list_services",
  "evaluate_topic",
] as const;

/**
 * Caching hints of the cacheable 2026-07-28 results (server/discover, the lists, resources/read).
 * What they carry changes only with a deploy and is the same for every caller, so the scope is
 * `public`; 5 minutes spares re-listing on every turn yet shows a deploy soon (docs/mcp.md,
 * "Caching hints"). The SDK writes them on the 2026-07-28 wire only.
 */
export const CACHE_HINT: Required<CacheHint> = { ttlMs: 5 * 60 * 1000, cacheScope: "public" };

/**
 * `tools/call`: the tool's input schema parses the arguments (invalid ones are an `isError` result
 * with the REST 400's body, tools §Error Handling), then the tool runs. Unlike McpServer, the
 * result is not parsed again against the output schema on every call: the compiler checks its
 * type, and test/mcp/tool-outputs.test.ts checks the outputs against the listed schemas
 * (docs/mcp.md, "Implementation notes").
 */
export function callTool(tool: RegisteredTool, args: Record<string, unknown> | undefined, data: McpData): CallToolResult {
  try {
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) return toInvalidRequestError(toValidationIssues(parsed.error, tool.argumentNames));
    return tool.run(parsed.data, data);
  } catch (error) {
    console.error(`mcp: tool ${tool.name} failed:`, error);
    return toToolError({ error: "internal_error", message: `The tool ${tool.name} failed to answer. Try again later.` });
  }
}

/**
 * A fresh MCP server over the published data; the SDK asks for one per HTTP request in both eras.
 * It is the SDK's low-level Server, not McpServer, because invalid arguments must get the REST 400
 * body word for word and results are not re-validated (see callTool). The SDK answers initialize
 * and server/discover from what is given here, and stamps `resultType` and the cache hints.
 */
export function createMcpServer(data: McpData): Server {
  const { business } = data.index.dataset;
  const server = new Server(serverIdentity(data), {
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    capabilities: { tools: {}, resources: {} },
    instructions: describeServer(business, data.index.reviews.length),
    cacheHints: {
      "server/discover": CACHE_HINT,
      "tools/list": CACHE_HINT,
      "resources/list": CACHE_HINT,
      "resources/templates/list": CACHE_HINT,
      "resources/read": CACHE_HINT,
    },
  });
  server.setRequestHandler("tools/list", () => ({ tools: TOOLS.map((tool) => tool.listing()) }));
  server.setRequestHandler("tools/call", (request) => {
    const { name, arguments: args } = request.params;
    const tool = TOOLS_BY_NAME.get(name);
    if (tool === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${name}"; available tools are ${TOOL_NAMES.join(", ")}`);
    // The SDK's era-aware projection of a result (what McpServer does for its own tools); identity for our object results.
    return server.projectCallToolResult(callTool(tool, args, data), tool.listing().outputSchema);
  });
  registerDatasetResources(server, data);
  return server;
}
