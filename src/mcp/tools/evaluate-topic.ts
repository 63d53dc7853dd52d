import * as z from "../../lib/zod.ts";
import { SearchParamsSchema } from "../../lib/search/search-params.ts";
import { evaluateSubject, SubjectEvaluationSchema } from "../../lib/subjects/evaluate-subject.ts";
import { defineTool } from "../tool-definition.ts";
import { toInvalidRequestError, toToolResult } from "../tool-result.ts";

const search = SearchParamsSchema.shape;

const InputSchema = z
  .strictObject({
    topic: z
      .string()
      .trim()
      .min(2, { error: "topic must have at least 2 characters besides spaces" })
      .max(100, { error: "topic must be at most 100 characters" })
      .optional()
      .describe(
        'What the user asks about, in a few words: e.g. creosote, dryer vent, raccoon, leak, chimney fire, punctual, no show, pricey, rude, mess, customer service. Words for an aspect (defined at /docs/aspects/) match the reviews that judge that aspect; anything else is matched as a phrase of whole words ("fire" never matches "fireplace"; case, accents, plurals, -ing and -ed ignored; filler such as \'are they good at\' is dropped), plus the reviews of any service in the catalogue it names ("dryer vent" covers dryer-vent-cleaning).',
      ),
    mentions_service: search.mentions_service,
    mentions_technician: search.mentions_technician,
    since: search.since,
    until: search.until,
    quotes: z.int().min(0).max(10).default(3).describe("How many quotes to return for praise and for criticism each, 0 to 10; default 3."),
  })
  .refine((input) => input.topic !== undefined || input.mentions_service !== undefined || input.mentions_technician !== undefined, {
    error: "give at least one of topic, mentions_service or mentions_technician",
  })
  .refine((input) => input.since === undefined || input.until === undefined || input.since <= input.until, {
    path: ["since"],
    error: "since must be on or before until",
  });

/** `evaluate_topic`: "is this company good at X?" answered from the reviews, with figures and quotes. */
export const evaluateTopicTool = defineTool({
  name: "evaluate_topic",
  title: "Evaluate a topic, service or technician",
  description:
    "Answers 'is this company good at X?' from the verified reviews. Give a free-text topic (e.g. creosote, dryer vent, chimney fire, punctual, pricey), a service id (mentions_service, see list_services), a technician (mentions_technician), or a combination (AND), optionally within a date range. Returns the number of matching reviews, their average rating and star distribution, the aspect breakdown (punctuality, cleanliness, price_value, ... with scores from -1 to 1), a plain-language summary, praise and criticism quotes (sentences the analyzer reads as praise or criticism, whatever the stars) with review ids, and all matching review ids. Use get_review to read any review in full.",
  inputSchema: InputSchema,
  outputSchema: SubjectEvaluationSchema,
  run: (input, { index }) => {
    const result = evaluateSubject(input, index);
    return result.ok ? toToolResult(result.value) : toInvalidRequestError(result.issues);
  },
});
