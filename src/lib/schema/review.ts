import * as z from "../zod.ts";
import { IsoDateSchema, NonEmptyTextSchema, SlugSchema } from "./primitives.ts";

/** The aspect ids are fixed by the design; insights and search filters use them. */
export const ASPECTS = ["punctuality", "professionalism", "cleanliness", "work_quality", "price_value", "communication", "scheduling"] as const;
export const AspectSchema = z.enum(ASPECTS).describe("One of the seven fixed review aspects, defined at /docs/aspects/ on this site");
export const SentimentSchema = z.enum(["positive", "negative", "mixed"]).describe("Polarity of the opinion");
export type Aspect = z.infer<typeof AspectSchema>;
export type Sentiment = z.infer<typeof SentimentSchema>;

const AuthorSchema = z.strictObject({
  name: NonEmptyTextSchema.describe("Display name the reviewer chose"),
  location: NonEmptyTextSchema.nullable().default(null).describe("Where the reviewer lives, if given"),
});

const VerifiedSchema = z.strictObject({
  source: z.enum(["google", "facebook", "yelp", "nextdoor", "direct"]).describe("Where the review was first posted"),
  method: z.enum(["completed_job", "invoice_match"]).describe("How it was matched to a real job"),
  job_date: IsoDateSchema.describe("Date of the job the review is about"),
});

const ResponseSchema = z.strictObject({
  date: IsoDateSchema.describe("Date of the owner's reply"),
  text: NonEmptyTextSchema.describe("The owner's reply"),
});

/** A review as an editor commits it: one file in `content/reviews/`. */
export const ReviewContentSchema = z.strictObject({
  id: SlugSchema,
  rating: z.int().min(1).max(5),
  date: IsoDateSchema,
  title: NonEmptyTextSchema.nullable().default(null),
  text: NonEmptyTextSchema,
  author: AuthorSchema,
  verified: VerifiedSchema,
  technicians: z.array(SlugSchema).default([]),
  services: z.array(SlugSchema).default([]),
  service_area: SlugSchema.nullable().default(null),
  response: ResponseSchema.nullable().default(null),
});
export type ReviewContent = z.infer<typeof ReviewContentSchema>;

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

export const ReviewAspectSchema = z.object({
  aspect: AspectSchema,
  sentiment: SentimentSchema,
  evidence: z.string().describe("The sentence that carries the opinion"),
});
export type ReviewAspect = z.infer<typeof ReviewAspectSchema>;

/** The public review record served by every endpoint (docs/design.md, "Public records"). */
export const ReviewRecordSchema = z.object({
  id: z.string().describe("Stable, URL-safe review id"),
  url: z.url().describe("Page of this review"),
  rating: z.int().min(1).max(5).describe("Star rating, 1 to 5"),
  date: z.string().describe("Date of the review, YYYY-MM-DD"),
  title: z.string().nullable(),
  text: z.string().describe("Full review text"),
  author: z.object({ name: z.string(), location: z.string().nullable() }),
  verified: z.object({ source: z.string(), method: z.string(), job_date: z.string() }),
  technicians: z.array(NamedRefSchema).describe("Technicians who did the job"),
  services: z.array(NamedRefSchema).describe("Services performed"),
  service_area: NamedRefSchema.nullable(),
  response: z.object({ date: z.string(), text: z.string() }).nullable().describe("Owner's reply, if any"),
  aspects: z.array(ReviewAspectSchema).describe("Aspect-based sentiment found in the text"),
});
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;
