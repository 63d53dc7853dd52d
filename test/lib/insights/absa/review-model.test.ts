import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import type { Mention } from "../../../../src/lib/insights/absa/analyze-sentence.ts";
import { pickBestSentence, type AbsaModel } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { ruleSignals, scoreReview, SIGNALS, unionRows } from "../../../../src/lib/insights/absa/model/review-model.ts";
import type { Aspect } from "../../../../src/lib/schema/review.ts";

const mention = (aspect: Aspect, polarity: 1 | -1, weight: number, sentence: number): Mention => ({ aspect, polarity, weight, sentence });

/**
 * The shipped model with one review detector replaced by a constant (a bias and no weights), and the presence model
 * of that aspect listening to the review detector alone.
 */
function withReviewBias(model: AbsaModel, aspect: Aspect, bias: number): AbsaModel {
  const detectors = new Map(model.review.detectors);
  detectors.set(aspect, { weights: new Float64Array(detectors.get(aspect)!.weights.length), bias });
  const presence = new Map(model.presence.detectors);
  presence.set(aspect, { weights: Float64Array.of(0, 1, 0, 0), bias: 0 });
  return { ...model, review: { ...model.review, detectors }, presence: { ...model.presence, detectors: presence } };
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

  it("score a review as its training row does: the pooled words' weights, each once, then its rules' signals, in order", () => {
    // Word weights, then a distinct power of two per signal, so a signal given the wrong weight changes the sum.
    const weights = Float64Array.from({ length: 3 + SIGNALS.length }, (_, j) => (j < 3 ? [0.5, 8, 0.25][j]! : 2 ** -(j + 2)));
    const detector = { weights, bias: -1 };
    const review = { width: 3, detectors: new Map([["punctuality" as Aspect, detector]]) };
    const rows = [
      { indices: Int32Array.from([0, 2]), values: null },
      { indices: Int32Array.from([2]), values: null },
    ];
    const findings = { mentions: [mention("punctuality", 1, 1, 0), mention("scheduling", -1, 1, 0)], blocked: new Map() };
    const signals = ruleSignals(findings, "punctuality");
    expect(signals.length).toBeGreaterThan(2);
    let z = -1 + 0.5 + 0.25;
    for (const signal of signals) z += weights[3 + SIGNALS.indexOf(signal as (typeof SIGNALS)[number])]!;
    expect(scoreReview(review, rows, findings)("punctuality")).toBe(1 / (1 + Math.exp(-z)));
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

  it("lean against every aspect in a review with no words", () => {
    const present = scoreReview(model.review, [], { mentions: [], blocked: new Map() });
    for (const aspect of model.review.detectors.keys()) {
      expect(present(aspect)).toBeGreaterThan(0);
      expect(present(aspect)).toBeLessThan(0.5);
    }
    expect(analyzeReviewText({ text: "", rating: 5 }, model)).toEqual([]);
  });
});

describe("pickBestSentence: the evidence for an aspect the rules did not find", () => {
  it("takes the sentence the sentence detector likes best, never an excluded one", () => {
    expect(pickBestSentence(Float64Array.from([0.1, 0.3, 0.2]), () => false)).toBe(1);
    expect(pickBestSentence(Float64Array.from([0.1, 0.3, 0.2]), (index) => index === 1)).toBe(2);
    expect(pickBestSentence(Float64Array.from([0.4]), () => true)).toBeNull();
  });
});
