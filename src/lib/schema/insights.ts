import * as z from "../zod.ts";
import { FaqEntrySchema } from "./editorial.ts";
import { HighlightsSchema } from "./highlights.ts";
import { AspectSchema, SentimentSchema } from "./review.ts";

const MentionCountsSchema = z.object({
  positive: z.int(),
  negative: z.int(),
  mixed: z.int(),
  total: z.int(),
});

const QuoteSchema = z.object({
  review_id: z.string(),
  sentiment: SentimentSchema,
  text: z.string().describe("The sentence quoted verbatim from the review"),
});

export const AspectInsightSchema = z.object({
  aspect: AspectSchema,
  mentions: MentionCountsSchema,
  score: z.number().min(-1).max(1).describe("(positive - negative) / total, from -1 to 1; mixed counts as neither"),
  quotes: z.array(QuoteSchema),
});

export const EntityInsightSchema = z.object({
  id: z.string(),
  name: z.string(),
  review_count: z.int().describe("Reviews about this entity: its id in the review's field, or (technicians, services, areas) named in the text"),
  average_rating: z.number().nullable().describe("Mean star rating of those reviews, two decimals; null when there are none"),
  aspects: z.array(z.object({ aspect: AspectSchema, mentions: MentionCountsSchema, score: z.number().min(-1).max(1) })),
  review_ids: z.array(z.string()).describe("All of those reviews, newest first"),
});

export const ThemeInsightSchema = z.object({
  id: z.string(),
  label: z.string().describe('The theme as a phrase of two to five words, named after its strongest noun phrases ("Drop cloths and soot")'),
  terms: z.array(z.string()).describe("Noun phrases found in the review text that make up the theme, the label's first, then strongest first"),
  review_count: z.int(),
  sentiment: MentionCountsSchema.omit({ total: true })
    .extend({ score: z.number().min(-1).max(1) })
    .describe("Reviews on the topic by stance, and (positive - negative) / review_count"),
  review_ids: z.array(z.string()).describe("Up to five example reviews on the topic, newest first (the reviews of `examples`)"),
  examples: z
    .array(z.object({ review_id: z.string(), text: z.string().describe("The sentence that mentions the topic, verbatim from the review or its title") }))
    .describe("The example reviews with the sentence of each that names one of the terms, newest first"),
});

export const SummaryInsightSchema = z.object({
  headline: z.string().nullable(),
  text: z.string().nullable(),
  highlights: HighlightsSchema,
});

/** `/insights.json`: aspects, entities, topics, FAQ and summary (docs/design.md). */
export const InsightsSchema = z.object({
  aspects: z.array(AspectInsightSchema),
  entities: z.object({
    technicians: z.array(EntityInsightSchema),
    services: z.array(EntityInsightSchema),
    service_areas: z.array(EntityInsightSchema),
  }),
  topics: z.array(ThemeInsightSchema),
  faq: z.array(FaqEntrySchema),
  summary: SummaryInsightSchema,
});

export type Insights = z.infer<typeof InsightsSchema>;
export type EntityInsight = z.infer<typeof EntityInsightSchema>;
