import * as z from "../../lib/zod.ts";
import { ServiceSchema } from "../../lib/schema/business.ts";
import { EntityStatsSchema, findReviews, getEntityStats } from "../../lib/insights/review-stats.ts";
import { defineTool } from "../tool-definition.ts";
import { toToolResult } from "../tool-result.ts";

const InputSchema = z.strictObject({});

export const ListServicesOutputSchema = z.object({
  services: z.array(ServiceSchema.extend(EntityStatsSchema.shape)).describe("The services catalogue, in the business's order"),
});

/** `list_services`: the catalogue with each service's review count, mean rating and aspect scores (insights entities). */
export const listServicesTool = defineTool({
  name: "list_services",
  title: "Services and their ratings",
  description:
    "Lists every service the company offers (id, name, what it includes) with the number of reviews recorded for it, its average star rating and its aspect scores. Use it for 'what do they offer?', to compare services, and to get the service ids that search_reviews (mentions_service) and evaluate_topic accept. review_count counts the reviews whose recorded services include it, the same field search_reviews' mentions_service filters on, so the two totals agree; a service merely named in a review's text is not counted (only a review that records no service at all is read for the services it names). Takes no arguments.",
  inputSchema: InputSchema,
  outputSchema: ListServicesOutputSchema,
  run: (_args, { index, insights }) =>
    toToolResult({
      services: index.dataset.business.services.map((service) => ({
        ...service,
        ...getEntityStats(insights.entities.services, service.id, () => findReviews({ mentions_service: service.id }, index)),
      })),
    }),
});
