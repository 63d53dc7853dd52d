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
 * Caching hints for the cacheable results of MCP 2026-07-28 (`ttlMs`,
 * `cacheScope` on server/discover, tools/list, resources/list,
 * resources/templates/list and resources/read). Everything these results
 * carry (tool schemas, instructions, the datasets) changes only with a
 * deploy, and is the same for every caller (no auth, no per-user data), so
 * the scope is `public`. The lifetime is 5 minutes: long enough that an
 * assistant does not re-list on every turn, short enough that a deploy
 * (new reviews, a new tool) is seen within minutes. docs/mcp.md explains
 * the choice. 2025-era answers never carry these fields (the SDK only
 * writes them on the 2026-07-28 wire).
 */
export const CACHE_HINT: Required<CacheHint> = { ttlMs: 5 * 60 * 1000, cacheScope: "public" };

/**
 * `tools/call`: arguments are parsed by the tool's input schema (invalid ones
 * are an `isError` result with the REST 400's body, tools §Error Handling),
 * then the tool runs. Its structured result is not parsed again against the
 * output schema on every call, as the SDK's McpServer does: in a CPU
 * profile that check was a fifth of a search call. Instead the compiler
 * checks each result against the output schema's type (fields with defaults
 * aside), the records come from data validated at build time, and
 * test/mcp/tool-outputs.test.ts validates every tool's output, over 170
 * calls, against the schema tools/list publishes.
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
 * A fresh MCP server over the published data: the SDK asks for one per HTTP
 * request in both eras (createMcpHandler's factory for 2026-07-28, our
 * session-checked stateless transport for 2025). It is the SDK's low-level
 * Server rather than McpServer, for two reasons: McpServer answers invalid
 * arguments with its own message, where ours must be the REST 400 body word
 * for word, and it re-validates every result against the output schema
 * (see callTool). Construction only installs closures; the tool listing is
 * built once per process. The SDK itself answers initialize (2025) and
 * server/discover (2026-07-28) from the capabilities, instructions and
 * server info given here, and stamps `resultType` and the cache hints on
 * 2026-07-28 results.
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
