import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { toValidationIssues } from "../lib/http/validation-error.ts";
import { describeServer } from "./instructions.ts";
import type { McpData } from "./mcp-deps.ts";
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

/** The tools in listing order, one file each under tools/. */
const TOOLS: readonly RegisteredTool[] = [
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

/** Tool names in listing order; the handler answers a call to any other name with -32602. */
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
 * The SDK builds an Ajv instance (with formats) per Server unless it is given
 * one; that was the largest single cost of a per-request server. It is only
 * used to check elicitation answers, which this server never requests, and
 * it holds no per-request state, so one instance serves every server.
 */
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * `tools/call`: arguments are parsed by the tool's input schema (invalid ones
 * are an `isError` result with the REST 400's issues, tools §Error Handling),
 * then the tool runs. Its structured result is not parsed again against the
 * output schema on every call, as the SDK's McpServer does: in a CPU
 * profile that check was a fifth of a search call. Instead the compiler
 * checks each result against the output schema's type (fields with defaults
 * aside), the records come from data validated at build time, and
 * test/mcp/tool-outputs.test.ts validates every tool's output, over 170
 * calls, against the schema tools/list publishes.
 */
function callTool(name: string, args: Record<string, unknown> | undefined, data: McpData): CallToolResult {
  const tool = TOOLS_BY_NAME.get(name);
  if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}"; available tools are ${TOOL_NAMES.join(", ")}`);
  try {
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) return toInvalidRequestError(toValidationIssues(parsed.error, tool.argumentNames));
    return tool.run(parsed.data, data);
  } catch (error) {
    console.error(`mcp: tool ${name} failed:`, error);
    return toToolError({ error: "internal_error", message: `The tool ${name} failed to answer. Try again later.` });
  }
}

/**
 * A fresh MCP server over the published data: one per HTTP request
 * (stateless transport, platform-notes "MCP SDK"). It is the SDK's
 * low-level Server with this service's handlers: construction only installs
 * closures, and the tool listing is built once per process.
 */
export function createMcpServer(data: McpData): Server {
  const { business } = data.index.dataset;
  const server = new Server(
    { name: SERVER_NAME, title: `${business.name} reviews`, version: SERVER_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: describeServer(business, data.index.reviews.length),
      jsonSchemaValidator: SHARED_VALIDATOR,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS.map((tool) => tool.listing()) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params.name, request.params.arguments, data));
  registerDatasetResources(server, data);
  return server;
}
