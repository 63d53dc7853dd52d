import { describe, expect, it } from "vitest";
import { analyzeReviewText, pickBestSentence } from "../../../../src/lib/insights/absa/analyze-review.ts";
import type { Mention } from "../../../../src/lib/insights/absa/analyze-sentence.ts";
import type { AbsaModel } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { REVIEW_ADD, ruleSignals, scoreReview, unionRows } from "../../../../src/lib/insights/absa/model/review-model.ts";
import type { Aspect } from "../../../../src/lib/schema/review.ts";

const mention = (aspect: Aspect, polarity: 1 | -1, weight: number, sentence: number): Mention => ({ aspect, polarity, weight, sentence });

/** The shipped model with one review detector replaced by a constant (a bias and no weights). */
function withReviewBias(model: AbsaModel, aspect: Aspect, bias: number): AbsaModel {
  const detectors = new Map(model.review.detectors);
  detectors.set(aspect, { weights: new Float64Array(detectors.get(aspect)!.weights.length), bias });
  // The sentence detector of that aspect never fires on its own, so only the review detector can add it.
  const add = { ...model.add, [aspect]: 2 };
  return { ...model, add, review: { ...model.review, detectors } };
}

describe("review-level detectors", () => {
  const model = loadDefaultAbsaModel();

  it("read what the rules found for the aspect and for the others", () => {
    const findings = { mentions: [mention("punctuality", 1, 1, 0), mention("punctuality", -1, 0.5, 1)], blocked: new Map() };
    expect(ruleSignals(findings, "punctuality")).toEqual(["strong", "very-strong", "positive", "negative", "several"]);
    expect(ruleSignals(findings, "scheduling")).toEqual(["none", "other:punctuality"]);
    const blocked = { mentions: [], blocked: new Map([[0, new Set<Aspect>(["punctuality"])]]) };
    expect(ruleSignals(blocked, "punctuality")).toEqual(["none", "blocked"]);
  });

  it("pool the sentences' features, keeping a feature's largest value", () => {
    const union = unionRows([
      { indices: Int32Array.from([3, 5]), values: Float64Array.from([0.7, 1]) },
      { indices: Int32Array.from([3, 9]), values: null },
    ]);
    expect([...union.entries()]).toEqual([
      [3, 1],
      [5, 1],
      [9, 1],
    ]);
  });

  it("add an aspect neither the rules nor the sentence detector found, quoting a sentence verbatim", () => {
    const text = "We booked a sweep for the spring. The crew came on a Tuesday. Everything about the visit was as expected.";
    const sure = withReviewBias(model, "scheduling", 10);
    const found = analyzeReviewText({ text, rating: 4 }, sure).find((a) => a.aspect === "scheduling");
    expect(found).toBeDefined();
    expect(text).toContain(found!.evidence);
    const unsure = withReviewBias(model, "scheduling", -10);
    expect(analyzeReviewText({ text, rating: 4 }, unsure).some((a) => a.aspect === "scheduling")).toBe(false);
  });

  it("find no aspect in an empty review (every probability under REVIEW_ADD)", () => {
    const present = scoreReview(model.review, [], { mentions: [], blocked: new Map() });
    for (const aspect of model.review.detectors.keys()) {
      expect(present(aspect)).toBeGreaterThan(0);
      expect(present(aspect)).toBeLessThan(REVIEW_ADD);
    }
  });
});

describe("pickBestSentence: the evidence for an aspect the review detector adds", () => {
  it("takes the sentence the sentence detector likes best, never an excluded one", () => {
    expect(pickBestSentence(Float64Array.from([0.1, 0.3, 0.2]), () => false)).toBe(1);
    expect(pickBestSentence(Float64Array.from([0.1, 0.3, 0.2]), (index) => index === 1)).toBe(2);
    expect(pickBestSentence(Float64Array.from([0.4]), () => true)).toBeNull();
  });
});
