import { expect } from "vitest";
import type { AbsaItem } from "../../src/lib/insights/score-absa.ts";
import { AspectSchema, SentimentSchema } from "../../src/lib/schema/review.ts";

/** Every label names an aspect and a polarity of the definition (docs/aspects.md). */
export function expectDefinitionLabels(items: readonly Pick<AbsaItem, "id" | "labels">[]): void {
  for (const item of items)
    for (const [aspect, sentiment] of Object.entries(item.labels)) {
      expect(AspectSchema.safeParse(aspect).success, `${item.id}: aspect ${aspect}`).toBe(true);
      expect(SentimentSchema.safeParse(sentiment).success, `${item.id}: ${aspect} ${sentiment}`).toBe(true);
    }
}
