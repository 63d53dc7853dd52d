import * as z from "../zod.ts";
import { NonEmptyTextSchema, SlugSchema } from "./primitives.ts";

export const FaqEntrySchema = z.strictObject({
  id: SlugSchema,
  question: NonEmptyTextSchema,
  answer: NonEmptyTextSchema,
  review_ids: z.array(SlugSchema).default([]).describe("Reviews that back the answer"),
});
export const FaqSchema = z.array(FaqEntrySchema);

export const SummaryContentSchema = z.strictObject({
  headline: NonEmptyTextSchema,
  text: NonEmptyTextSchema,
});

export type FaqEntry = z.infer<typeof FaqEntrySchema>;
export type SummaryContent = z.infer<typeof SummaryContentSchema>;
