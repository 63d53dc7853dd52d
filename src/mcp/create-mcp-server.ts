import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { describeServer } from "./instructions.ts";
import type { McpData } from "./mcp-deps.ts";
import { registerDatasetResources } from "./resources.ts";
import { registerEvaluateTopicTool } from "./tools/evaluate-topic.ts";
import { registerGetBusinessTool } from "./tools/get-business.ts";
import { registerGetInsightsTool } from "./tools/get-insights.ts";
import { registerGetReviewTool } from "./tools/get-review.ts";
import { registerGetReviewsSinceTool } from "./tools/get-reviews-since.ts";
import { registerListServicesTool } from "./tools/list-services.ts";
import { registerListTechniciansTool } from "./tools/list-technicians.ts";
import { registerSearchReviewsTool } from "./tools/search-reviews.ts";

export const SERVER_NAME = "keystone-reviews";
export const SERVER_VERSION = "1.0.0";

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
 * A fresh MCP server over the published data: one per HTTP request
 * (stateless transport, platform-notes "MCP SDK"). Construction only
 * registers closures over schemas built once at module load, so it is cheap.
 */
export function createMcpServer(data: McpData): McpServer {
  const { business } = data.index.dataset;
  const server = new McpServer(
    { name: SERVER_NAME, title: `${business.name} reviews`, version: SERVER_VERSION },
    { instructions: describeServer(business, data.index.reviews.length), jsonSchemaValidator: SHARED_VALIDATOR },
  );
  registerGetBusinessTool(server, data);
  registerSearchReviewsTool(server, data);
  registerGetReviewsSinceTool(server, data);
  registerGetReviewTool(server, data);
  registerGetInsightsTool(server, data);
  registerListTechniciansTool(server, data);
  registerListServicesTool(server, data);
  registerEvaluateTopicTool(server, data);
  registerDatasetResources(server, data);
  return server;
}
