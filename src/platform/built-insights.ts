/**
 * The insights the MCP tools read: the very `/insights.json` the build wrote
 * to dist/, shipped with the function like the dataset (built-dataset.ts).
 * Parsed once per instance; nothing is recomputed at run time.
 */
import type { Insights } from "../lib/schema/insights.ts";
import { readBuiltFile } from "./read-built-file.ts";

/** dist/insights.json, found from source and deployed alike (see DATASET_FILE in built-dataset.ts). */
const INSIGHTS_FILE = new URL("../../dist/insights.json", import.meta.url);

let insights: Insights | undefined;

export function getInsights(): Insights {
  insights ??= readBuiltFile(INSIGHTS_FILE) as Insights;
  return insights;
}

/** Forgets the parsed insights (see forgetDatasetIndex). */
export function forgetInsights(): void {
  insights = undefined;
}
