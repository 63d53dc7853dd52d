import * as z from "../zod.ts";
import { checkSummaryFigures } from "../insights/summary/fill-figures.ts";
import { NonEmptyTextSchema, SlugSchema } from "./primitives.ts";

export const FaqEntrySchema = z.strictObject({
  id: SlugSchema,
  question: NonEmptyTextSchema,
  answer: NonEmptyTextSchema,
  review_ids: z.array(SlugSchema).default([]).describe("Reviews that back the answer"),
});
export const FaqSchema = z.array(FaqEntrySchema);

/** Editorial text whose figures are placeholders the build fills in ({review_count}), never numbers that go stale. */
const SummaryTextSchema = NonEmptyTextSchema.superRefine((text, context) => {
  for (const message of checkSummaryFigures(text)) context.addIssue({ code: "custom", message });
});

export const SummaryContentSchema = z.strictObject({
  headline: SummaryTextSchema,
  text: SummaryTextSchema,
});

export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export type SummaryContent = z.infer<typeof SummaryContentSchema>;
