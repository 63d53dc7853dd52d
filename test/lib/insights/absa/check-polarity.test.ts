import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeReviewText, checkPolarity, POLARITY_CHECK } from "../../../../src/lib/insights/absa/analyze-review.ts";
import type { Mention } from "../../../../src/lib/insights/absa/analyze-sentence.ts";
import type { ReviewScores } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadContentDir } from "../../../../src/platform/content-dir.ts";
import { PROJECT_ROOT } from "../../../support/fixtures.ts";

const mention = (aspect: Mention["aspect"], polarity: 1 | -1, sentence: number): Mention => ({ aspect, polarity, weight: 1, sentence });

/** Polarity readings per sentence: with the stars, and from the words alone (probability of negative). */
function scores(withStars: number[], inWords: number[] = withStars): ReviewScores {
  return { aspects: new Map(), rows: [], negativeAt: (_aspect, index) => withStars[index]!, negativeInWordsAt: (_aspect, index) => inWords[index]! };
}

describe("checkPolarity: the polarity model settles a verdict of the rules that goes against the stars", () => {
  const praise = [mention("communication", 1, 0)];

  it("turns praise in a one-star review to criticism when the model reads its sentence negative", () => {
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.8], [0.55]))).toEqual({ sentiment: "negative", evidence: 0 });
    expect(checkPolarity("positive", "communication", praise, 2, scores([POLARITY_CHECK.reads]))).toEqual({ sentiment: "negative", evidence: 0 });
    expect(checkPolarity("positive", "communication", praise, 1, scores([POLARITY_CHECK.reads - 0.01]))).toBeNull();
  });

  it("turns criticism or a mixed verdict in a five-star review to praise, quoting the sentence read most so", () => {
    const both = [mention("price_value", -1, 0), mention("price_value", 1, 2)];
    expect(checkPolarity("mixed", "price_value", both, 5, scores([0.3, 0.9, 0.1]))).toEqual({ sentiment: "positive", evidence: 2 });
    expect(checkPolarity("negative", "price_value", [mention("price_value", -1, 1)], 4, scores([0.9, 0.2]))).toEqual({ sentiment: "positive", evidence: 1 });
  });

  it("settles nothing at three stars, or when the verdict already goes the stars' way", () => {
    expect(checkPolarity("positive", "communication", praise, 3, scores([0.99]))).toBeNull();
    expect(checkPolarity("positive", "communication", praise, 5, scores([0.99]))).toBeNull();
    expect(checkPolarity("negative", "communication", [mention("communication", -1, 0)], 1, scores([0.01]))).toBeNull();
  });

  it("needs every sentence that carries the aspect read the stars' way", () => {
    const two = [mention("communication", 1, 0), mention("communication", 1, 1)];
    expect(checkPolarity("positive", "communication", two, 1, scores([0.9, 0.4]))).toBeNull();
    expect(checkPolarity("positive", "communication", two, 1, scores([0.9, 0.7]))?.sentiment).toBe("negative");
  });

  it("needs the words alone, without the stars, to lean the stars' way (labels follow the text)", () => {
    const lean = POLARITY_CHECK.wordsLean;
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.9], [lean]))).toBeNull();
    expect(checkPolarity("positive", "communication", praise, 1, scores([0.9], [lean + 0.01]))?.sentiment).toBe("negative");
    // "The price was far too high." in a four-star review: with the stars the model reads it 0.64 positive, but the
    // words alone lean negative (0.57).
    expect(checkPolarity("negative", "price_value", [mention("price_value", -1, 0)], 4, scores([0.36], [0.57]))).toBeNull();
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
  it("only ever moves a verdict of content/ the stars' way, and leaves three-star reviews alone", () => {
    const { reviews } = loadContentDir(join(PROJECT_ROOT, "content"));
    let moved = 0;
    for (const review of reviews) {
      const input = { text: review.text, rating: review.rating, technicians: review.technicians };
      const without = new Map(analyzeReviewText(input, undefined, new Set(["polarity-check"])).map((a) => [a.aspect, a]));
      for (const found of analyzeReviewText(input)) {
        const before = without.get(found.aspect)!;
        expect(before).toBeDefined();
        if (before.sentiment === found.sentiment) continue;
        moved += 1;
        expect(found.sentiment).toBe(review.rating <= 2 ? "negative" : "positive");
        expect(review.rating).not.toBe(3);
        expect(review.text).toContain(found.evidence);
      }
    }
    // The check is a correction, not a second verdict: it moves few.
    expect(moved).toBeLessThan(reviews.length / 10);
  });
});
