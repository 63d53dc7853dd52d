/**
 * The insights the MCP tools read: the very `/insights.json` the build wrote
 * to dist/, bundled into the function at deploy time (like built-dataset.ts).
 * Parsed once by the JSON module loader; nothing is recomputed at run time.
 */
import built from "../../dist/insights.json" with { type: "json" };
import type { Insights } from "../lib/schema/insights.ts";

export function getInsights(): Insights {
  return built as unknown as Insights;
}
