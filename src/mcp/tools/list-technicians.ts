import * as z from "../../lib/zod.ts";
import { TechnicianSchema } from "../../lib/schema/business.ts";
import { rankTechnicians } from "../../lib/insights/rank-technicians.ts";
import { EntityStatsSchema, findReviews, getEntityStats } from "../../lib/insights/review-stats.ts";
import { SearchParamsSchema } from "../../lib/search/search-params.ts";
import { findMatches } from "../../lib/search/search-reviews.ts";
import { defineTool } from "../tool-definition.ts";
import { toInvalidRequestError, toToolResult } from "../tool-result.ts";

const search = SearchParamsSchema.shape;

const InputSchema = z.strictObject({
  mentions_service: search.mentions_service.describe(
    "Rank the technicians on the reviews of this service id (see list_services): 'who is best at dryer vents?' is mentions_service=dryer-vent-cleaning.",
  ),
  aspect: search.aspect.describe("Rank the technicians by their score on this aspect ('who is most punctual?' is aspect=punctuality). See docs/aspects.md."),
});

export const ListTechniciansOutputSchema = z.object({
  basis: z.string().nullable().describe("How the list is ordered when it is a ranking (null: the roster in the business's order)"),
  technicians: z
    .array(
      TechnicianSchema.extend(EntityStatsSchema.shape).extend({
        rank_score: z.number().nullable().describe("The ranking's score (see basis); null when the list is not a ranking"),
      }),
    )
    .describe("Without arguments the whole roster; with mentions_service or aspect, only technicians with reviews in scope, best first"),
});

/** `list_technicians`: the roster with review counts, ratings and aspect scores, or a ranking for a service or an aspect. */
export const listTechniciansTool = defineTool({
  name: "list_technicians",
  title: "Technicians: ratings and rankings",
  description:
    "Lists the technicians (id, name, role) with the number of reviews that record them on the job, their average star rating and their aspect scores (punctuality, professionalism, cleanliness, ...; see docs/aspects.md). With mentions_service and/or aspect it answers 'who is the best technician for X?' in one call: only technicians with reviews in scope, ranked best first, with counts, rating and aspect scores for those reviews and the ranking's basis (small samples are pulled toward the middle). Counts are the same as search_reviews with mentions_technician. Also gives the names and ids that search_reviews and evaluate_topic accept.",
  inputSchema: InputSchema,
  outputSchema: ListTechniciansOutputSchema,
  run: ({ mentions_service, aspect }, { index, insights }) => {
    if (mentions_service === undefined && aspect === undefined)
      return toToolResult({
        basis: null,
        technicians: index.dataset.business.technicians.map((technician) => ({
          ...technician,
          ...getEntityStats(insights.entities.technicians, technician.id, () => findReviews({ mentions_technician: technician.id }, index)),
          rank_score: null,
        })),
      });
    // The search's own check of the service id: same rule, same message.
    const known = findMatches({ mentions_service, limit: 1 }, index);
    if (!known.ok) return toInvalidRequestError(known.issues);
    return toToolResult(rankTechnicians(index, { serviceId: mentions_service, aspect }));
  },
});
