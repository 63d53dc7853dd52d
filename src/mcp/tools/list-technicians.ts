import * as z from "../../lib/zod.ts";
import { TechnicianSchema } from "../../lib/schema/business.ts";
import { EntityStatsSchema, findReviews, getEntityStats } from "../../lib/insights/review-stats.ts";
import { defineTool } from "../tool-definition.ts";
import { toToolResult } from "../tool-result.ts";

const InputSchema = z.strictObject({});

export const ListTechniciansOutputSchema = z.object({
  technicians: z.array(TechnicianSchema.extend(EntityStatsSchema.shape)).describe("The roster, in the business's order"),
});

/** `list_technicians`: the roster with each technician's review count, mean rating and aspect scores (insights entities). */
export const listTechniciansTool = defineTool({
  name: "list_technicians",
  title: "Technicians and their ratings",
  description:
    "Lists every technician (id, name, role) with the number of reviews that name them, their average star rating, and their aspect scores (punctuality, professionalism, cleanliness, ...). Use it to answer questions about specific people ('is Dana good?', 'who does dryer vents?') and to get the exact names or ids that search_reviews and evaluate_topic accept in mentions_technician. review_count counts reviews that name the technician, recorded on the job or mentioned in the text (as insights.json counts); mentions_technician filters on the recorded technicians only, so a search total can be lower. Takes no arguments.",
  inputSchema: InputSchema,
  outputSchema: ListTechniciansOutputSchema,
  run: (_args, { index, insights }) =>
    toToolResult({
      technicians: index.dataset.business.technicians.map((technician) => ({
        ...technician,
        ...getEntityStats(insights.entities.technicians, technician.id, () => findReviews({ mentions_technician: technician.id }, index)),
      })),
    }),
});
