import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeReviewText, checkPolarity, POLARITY_CHECK } from "../../../../src/lib/insights/absa/analyze-review.ts";
import type { Mention } from "../../../../src/lib/insights/absa/analyze-sentence.ts";
import type { ReviewScores } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadContentDir } from "../../../../src/platform/content-dir.ts";
import { PROJECT_ROOT } from "../../../support/fixtures.ts";

const mention = (aspect: Mention["aspect"], polarity: 1 | -1, sentence: number): Mention => ({ aspect, polarity, weight: 1, sentence });

/** The polarity model's probability of negative per sentence: with the review's stars, and at the mean star weight. */
function scores(withStars: number[], atMean: number[] = withStars): ReviewScores {
  return { aspects: new Map(), rows: [], negativeAt: (_aspect, index) => withStars[index]!, negativeAtMeanStarsAt: (_aspect, index) => atMean[index]! };
}

describe("checkPolarity: the polarity model settles a verdict of the rules that goes against the stars", () => {
  const praise = [mention("communication", 1, 0)];
  const bar = POLARITY_CHECK;

  it("turns praise in a one- or two-star review to criticism when the model reads its sentence negative", () => {
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.8, 0.2]))).toEqual({ sentiment: "negative", evidence: 0 });
    expect(checkPolarity("positive", "communication", praise, 2, scores([bar]))).toEqual({ sentiment: "negative", evidence: 0 });
    expect(checkPolarity("positive", "communication", praise, 1, scores([bar - 0.01]))).toBeNull();
  });

  it("turns a mixed verdict the stars' way at either end", () => {
    const both = [mention("price_value", -1, 0), mention("price_value", 1, 2)];
    expect(checkPolarity("mixed", "price_value", both, 5, scores([0.3, 0.9, 0.1]))).toEqual({ sentiment: "positive", evidence: 2 });
    expect(checkPolarity("mixed", "price_value", both, 1, scores([0.9, 0.1, 0.7]))).toEqual({ sentiment: "negative", evidence: 0 });
  });

  it("turns criticism in a four- or five-star review to praise, quoting the sentence read most so", () => {
    const two = [mention("scheduling", -1, 1), mention("scheduling", -1, 3)];
    expect(checkPolarity("negative", "scheduling", two, 4, scores([0.9, 0.3, 0.9, 0.1]))).toEqual({ sentiment: "positive", evidence: 3 });
  });

  it("settles nothing at three stars, when the verdict already goes the stars' way, or with no sentence carrying the aspect", () => {
    expect(checkPolarity("positive", "communication", praise, 3, scores([0.99]))).toBeNull();
    expect(checkPolarity("positive", "communication", praise, 5, scores([0.99]))).toBeNull();
    expect(checkPolarity("negative", "communication", [mention("communication", -1, 0)], 1, scores([0.01]))).toBeNull();
    expect(checkPolarity("positive", "communication", [], 1, scores([0.99]))).toBeNull();
  });

  it("needs every sentence that carries the aspect read the stars' way", () => {
    const two = [mention("communication", 1, 0), mention("communication", 1, 1)];
    expect(checkPolarity("positive", "communication", two, 1, scores([0.9, 0.4]))).toBeNull();
    expect(checkPolarity("positive", "communication", two, 1, scores([0.9, 0.7]))?.sentiment).toBe("negative");
  });

  it("needs the reading at the mean star weight to go the stars' way too: the stars alone settle nothing", () => {
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.9], [bar - 0.01]))).toBeNull();
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.9], [bar]))?.sentiment).toBe("negative");
  });

  it("leaves a sentence whose reading has another cause: another aspect judged the stars' way, or a concession", () => {
    // "The tech was late but did a great job." in a five-star review: the praise of the work explains the model's reading.
    const lateButGreat = [mention("punctuality", -1, 0), mention("work_quality", 1, 0)];
    expect(checkPolarity("negative", "punctuality", lateButGreat, 5, scores([0.1]))).toBeNull();
    // "Pricey, but worth every penny." is mixed by definition, whatever the stars.
    const concession = [mention("price_value", -1, 0), mention("price_value", 1, 0)];
    expect(checkPolarity("mixed", "price_value", concession, 5, scores([0.1]))).toBeNull();
  });
});

describe("the polarity check in the analyzer", () => {
  const { reviews } = loadContentDir(join(PROJECT_ROOT, "content"));

  it("moves verdicts of content/ only the stars' way, never at three stars, quoting a sentence of the review", () => {
    let moved = 0;
    for (const review of reviews) {
      const input = { text: review.text, rating: review.rating, technicians: review.technicians };
      const without = new Map(analyzeReviewText(input, undefined, new Set(["polarity-check"])).map((a) => [a.aspect, a]));
      const found = analyzeReviewText(input);
      expect(found.map((a) => a.aspect)).toEqual([...without.keys()]);
      for (const entry of found) {
        if (without.get(entry.aspect)!.sentiment === entry.sentiment) continue;
        moved += 1;
        expect(review.rating).not.toBe(3);
        expect(entry.sentiment).toBe(review.rating <= 2 ? "negative" : "positive");
        expect(review.text).toContain(entry.evidence);
      }
    }
    // It runs in the analyzer, and it is a correction, not a second verdict.
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(reviews.length / 10);
  });

  it("keeps a plain complaint about the price a complaint in a four-star review", () => {
    // The words next to the cue are unmistakable; "worth" later in the sentence must not turn them into price praise.
    const text = "The price was far too high, and that is worth saying at some length here.";
    expect(analyzeReviewText({ text, rating: 4 })).toEqual([{ aspect: "price_value", sentiment: "negative", evidence: text }]);
  });
});
