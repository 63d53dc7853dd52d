import * as z from "../../lib/zod.ts";
import { AggregateRatingSchema, BusinessRecordSchema } from "../../lib/schema/dataset.ts";
import { defineTool } from "../tool-definition.ts";
import { toToolResult } from "../tool-result.ts";

const InputSchema = z.strictObject({});

export const GetBusinessOutputSchema = z.object({
  business: BusinessRecordSchema.describe("Name, contact details, address, opening hours, technicians, services and service areas"),
  aggregate_rating: AggregateRatingSchema.describe("Mean rating and star distribution over every verified review"),
  links: z
    .object({
      reviews: z.url().describe("The full reviews dataset, /reviews.json"),
      insights: z.url().describe("The insights dataset, /insights.json"),
      feed: z.url().describe("JSON Feed 1.1 of the 50 newest reviews"),
    })
    .describe("Where the same data is published over plain HTTP"),
});

/** `get_business` (docs/interface.md §4.6): the business and its overall rating. */
export const getBusinessTool = defineTool({
  name: "get_business",
  title: "Business profile and overall rating",
  description:
    "Returns the business profile of Keystone Flue & Duct Co. (name, description, phone, email, address, opening hours, price range, year founded), its technicians roster, its services catalogue with service ids, its service areas, and the aggregate rating over all verified reviews (mean, count, count per star). Call this first when asked about the company in general, for contact details, or to learn the technician names and service ids the other tools accept. Takes no arguments.",
  inputSchema: InputSchema,
  outputSchema: GetBusinessOutputSchema,
  run: (_args, { index, urls }) =>
    toToolResult({
      business: index.dataset.business,
      aggregate_rating: index.dataset.aggregate_rating,
      links: { reviews: urls.reviews, insights: urls.insights, feed: urls.jsonFeed },
    }),
});
