import * as z from "../../lib/zod.ts";
import { InsightsSchema } from "../../lib/schema/insights.ts";
import { defineTool } from "../tool-definition.ts";
import { toToolResult } from "../tool-result.ts";

export const INSIGHT_SECTIONS = ["aspects", "entities", "topics", "faq", "summary"] as const;

const InputSchema = z.strictObject({
  section: z
    .enum(INSIGHT_SECTIONS)
    .optional()
    .describe(
      "One section of the insights: aspects (sentiment per aspect such as punctuality or price_value, with quotes), entities (technicians, services and service areas with review counts, ratings and aspect scores), topics (recurring themes named in a few words, such as 'Dryer vent and lint', with example sentences), faq (the company's answers, citing review ids) or summary (editorial summary and computed highlights). Leave out for everything.",
    ),
});

/** `/insights.json` or one of its sections: every key is optional because a section call returns only that key. */
export const GetInsightsOutputSchema = InsightsSchema.partial();

/** `get_insights` (docs/design.md, MCP): the insights dataset, whole or by section. */
export const getInsightsTool = defineTool({
  name: "get_insights",
  title: "Review insights",
  description:
    'Returns the analysis computed from all reviews, the same data as /insights.json: aspect-based sentiment (punctuality, professionalism, cleanliness, work_quality, price_value, communication, scheduling) with scores from -1 to 1 and quotes, per-technician/service/area review counts, ratings and aspect scores, recurring topics, the FAQ and an editorial summary. Each aspect is defined at /docs/aspects/ on this site. Use it for overall strengths and weaknesses; pass section to get only one part, e.g. {section: "aspects"}. The result has the requested section(s) as top-level keys.',
  inputSchema: InputSchema,
  outputSchema: GetInsightsOutputSchema,
  run: ({ section }, { insights }) => toToolResult(section === undefined ? insights : { [section]: insights[section] }),
});
