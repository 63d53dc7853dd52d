import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { presenceSignals, type AbsaModel } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { isPresent, PRESENCE_WIDTH, presenceRow, trainPresenceModel, type PresenceExample } from "../../../../src/lib/insights/absa/model/presence-model.ts";
import { ALL_RULES_ON } from "../../../../src/lib/insights/absa/rule-families.ts";
import { ASPECTS } from "../../../../src/lib/schema/review.ts";

describe("presence model: whether a review judges an aspect", () => {
  it("reads the detectors' probabilities as capped log-odds and the rules as 0 or 1", () => {
    const row = presenceRow({ sentence: 0, review: 1, rules: true, others: false });
    expect([...row.indices]).toEqual([0, 1, 2, 3]);
    expect(row.values![0]).toBeCloseTo(-Math.log(9999), 6);
    expect(row.values![1]).toBeCloseTo(Math.log(9999), 6);
    expect([...row.values!.subarray(2)]).toEqual([1, 0]);
    expect([...presenceRow({ sentence: 0.5, review: 0.5, rules: false, others: true }).values!]).toEqual([0, 0, 0, 1]);
  });

  it("learns which signal to trust from examples", () => {
    // The sentence detector tells the labels apart; the review detector says 0.8 or 0.2 whatever the label.
    const examples: PresenceExample[] = [];
    for (let i = 0; i < 420; i += 1) {
      const present = i % 3 === 0;
      const sure = 0.55 + (i % 7) * 0.06;
      examples.push({
        aspect: "price_value",
        present,
        signals: { sentence: present ? sure : 1 - sure, review: i % 2 === 0 ? 0.8 : 0.2, rules: false, others: false },
      });
    }
    const model = trainPresenceModel(examples);
    expect(isPresent(model, "price_value", { sentence: 0.9, review: 0.2, rules: false, others: false })).toBe(true);
    expect(isPresent(model, "price_value", { sentence: 0.1, review: 0.8, rules: false, others: false })).toBe(false);
    const [sentence, review] = model.detectors.get("price_value")!.weights;
    expect(sentence).toBeGreaterThan(1);
    expect(Math.abs(review!)).toBeLessThan(0.1);
  });

  // The rules' own weight may be small or negative: the sentence detector learned from the rules' sentences, so it
  // already counts much of what they found. A sentence read for other aspects lowers the odds, except punctuality's,
  // whose weight has been small either way (-0.007, -0.034 and +0.099 in the last three models; bench/RESULTS.md,
  // "Aspect analysis, thirty-ninth session"), likely because an arrival is often told beside the rest of the visit.
  it("in the shipped model, a detector that says yes raises the odds, and a sentence read for other aspects lowers them (punctuality's stays small)", () => {
    const model = loadDefaultAbsaModel();
    for (const aspect of ASPECTS) {
      const [sentence, review, , others] = model.presence.detectors.get(aspect)!.weights;
      expect(sentence).toBeGreaterThan(0);
      expect(review).toBeGreaterThan(0);
      expect(others).toBeLessThan(aspect === "punctuality" ? 0.25 : 0);
    }
  });

  it("never takes the sentence detector's word from a sentence where the lexicon read the aspect in another sense", () => {
    const findings = findReviewMentions({ text: "Time flies. They were great.", rating: 5 });
    const blocked = ASPECTS.filter((aspect) => findings.blocked.get(0)?.has(aspect));
    expect(blocked.length).toBeGreaterThan(0);
    for (const aspect of blocked) {
      const signals = presenceSignals(findings, aspect, Float64Array.of(0.99, 0.2), () => 0.3, ALL_RULES_ON);
      expect(signals.sentence).toBe(0.2);
      expect(signals.review).toBe(0.3);
    }
  });

  it("does take it from a set-aside sentence where the rules found the aspect too", () => {
    // "Paid the deposit on time" is no punctuality; "showed up right on time" is.
    const findings = findReviewMentions({ text: "Paid the deposit on time and he showed up right on time.", rating: 5 });
    expect(findings.blocked.get(0)?.has("punctuality")).toBe(true);
    const signals = presenceSignals(findings, "punctuality", Float64Array.of(0.9), () => 0.3, ALL_RULES_ON);
    expect(signals).toMatchObject({ sentence: 0.9, rules: true, others: false });
  });

  it("tells when the best sentence is one the rules read for other aspects only", () => {
    const findings = findReviewMentions({ text: "The crew arrived promptly. It was a Tuesday.", rating: 5 });
    expect(presenceSignals(findings, "work_quality", Float64Array.of(0.7, 0.2), () => 0.3, ALL_RULES_ON).others).toBe(true);
    expect(presenceSignals(findings, "work_quality", Float64Array.of(0.2, 0.7), () => 0.3, ALL_RULES_ON).others).toBe(false);
  });

  it("hears nothing from a detector switched off (the ablation): 0.5, in training and in use alike", () => {
    const findings = findReviewMentions({ text: "On time and tidy.", rating: 5 });
    const signals = presenceSignals(findings, "punctuality", Float64Array.of(0.9), () => 0.9, new Set(["sentence-detector", "review-detector"]));
    expect(signals).toEqual({ sentence: 0.5, review: 0.5, rules: true, others: false });
  });

  it("may drop an aspect the rules found, and add one they did not", () => {
    const model = loadDefaultAbsaModel();
    const text = "The chimney was swept on time.";
    const withBias = (bias: number): AbsaModel => {
      const detectors = new Map(model.presence.detectors);
      detectors.set("punctuality", { weights: new Float64Array(PRESENCE_WIDTH), bias });
      detectors.set("price_value", { weights: new Float64Array(PRESENCE_WIDTH), bias });
      return { ...model, presence: { ...model.presence, detectors } };
    };
    const aspects = (m: AbsaModel) => analyzeReviewText({ text, rating: 5 }, m).map((a) => a.aspect);
    expect(aspects(model)).toContain("punctuality");
    expect(aspects(withBias(-5))).not.toContain("punctuality");
    expect(aspects(withBias(5))).toEqual(expect.arrayContaining(["punctuality", "price_value"]));
  });
});
