import { defineCollection } from "astro:content";
import type { LoaderContext } from "astro/loaders";
import * as z from "./lib/zod.ts";
import type { Content } from "./lib/content/validate-content.ts";
import { BusinessSchema } from "./lib/schema/business.ts";
import { FaqSchema, SummaryContentSchema } from "./lib/schema/editorial.ts";
import { ReviewContentSchema } from "./lib/schema/review.ts";
import { loadContentDir } from "./platform/content-dir.ts";
import { getContentDir } from "./platform/env.ts";

/**
 * Content collections over `CONTENT_DIR` (default `content/`). One loader
 * validates the whole folder (schemas plus cross-file rules) so a bad file
 * fails the build with its path, field and reason; each collection then
 * stores its part, checked again by the same zod schema.
 */
let pending: Promise<Content> | undefined;
const loadOnce = (): Promise<Content> => (pending ??= Promise.resolve().then(() => loadContentDir(getContentDir())));

function contentLoader(pick: (content: Content) => Array<{ id: string; data: Record<string, unknown> }>) {
  return {
    name: "keystone-content",
    load: async ({ store, parseData }: LoaderContext) => {
      const entries = pick(await loadOnce());
      store.clear();
      for (const entry of entries) store.set({ id: entry.id, data: await parseData(entry) });
    },
  };
}

export const collections = {
  business: defineCollection({
    loader: contentLoader((content) => [{ id: "business", data: content.business }]),
    schema: BusinessSchema,
  }),
  reviews: defineCollection({
    loader: contentLoader((content) => content.reviews.map((review) => ({ id: review.id, data: review }))),
    schema: ReviewContentSchema,
  }),
  editorial: defineCollection({
    loader: contentLoader((content) => [{ id: "editorial", data: { faq: content.faq, summary: content.summary } }]),
    schema: z.object({ faq: FaqSchema, summary: SummaryContentSchema.nullable() }),
  }),
};
