import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { scoreAspects, trainAbsaModel } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { scoreLogistic, sigmoid } from "../../../../src/lib/insights/absa/model/train-logistic.ts";
import { readSentences } from "../../../../src/lib/insights/nlp/read-text.ts";
import { listLabelledItems } from "../../../../scripts/absa/labelled-data.ts";

const items = listLabelledItems();
const sample = items.filter((_, i) => i % 4 === 0);

describe("learned aspect model", () => {
  it("trains to the same weights from the same labelled reviews", () => {
    const a = trainAbsaModel(sample);
    const b = trainAbsaModel(sample);
    expect(a.vocabulary.size).toBeGreaterThan(100);
    expect([...a.vocabulary.keys()]).toEqual([...b.vocabulary.keys()]);
    for (const [aspect, detector] of a.detectors)
      expect(Buffer.from(detector.weights.buffer).equals(Buffer.from(b.detectors.get(aspect)!.weights.buffer))).toBe(true);
    expect(Buffer.from(a.polarity.weights.buffer).equals(Buffer.from(b.polarity.weights.buffer))).toBe(true);
  });

  it("scores all seven detectors in one pass exactly as each detector alone would, and encodes a sentence the same when its look-ups are cached", () => {
    const model = loadDefaultAbsaModel();
    for (const item of items.slice(0, 40)) {
      const sentences = readSentences(item.text);
      const first = scoreAspects(model, sentences, item.rating);
      const again = scoreAspects(model, sentences, item.rating);
      first.rows.forEach((row, s) => {
        expect([...row.indices]).toEqual([...again.rows[s]!.indices]);
        expect([...row.values!]).toEqual([...again.rows[s]!.values!]);
      });
      for (const [aspect, score] of first.aspects)
        first.rows.forEach((row, s) => expect(score.bySentence[s]).toBe(sigmoid(scoreLogistic(model.detectors.get(aspect)!, row))));
    }
  });

  it("quotes a sentence of the review verbatim as the evidence of every aspect", () => {
    for (const item of items.slice(0, 60))
      for (const found of analyzeReviewText({ text: item.text, rating: item.rating })) {
        expect(found.evidence.length).toBeGreaterThan(0);
        expect(item.text).toContain(found.evidence);
      }
  });

  it("adds an aspect the rules miss when the wording resembles labelled opinions", () => {
    const text = "Smoke still rolls into the den whenever we light a fire.";
    expect(analyzeReviewText({ text, rating: 2 }, null)).toEqual([]);
    expect(analyzeReviewText({ text, rating: 2 })).toEqual([{ aspect: "work_quality", sentiment: "negative", evidence: text }]);
  });

  it("reads the other side of a contrast the rules left empty as the same aspect the other way", () => {
    const text = "The tech laid a tarp in front of the stove, but his boots left dusty prints down the hall.";
    expect(analyzeReviewText({ text, rating: 4 }, null)).toEqual([{ aspect: "cleanliness", sentiment: "positive", evidence: text }]);
    expect(analyzeReviewText({ text, rating: 4 })).toEqual([{ aspect: "cleanliness", sentiment: "mixed", evidence: text }]);
    const twoSentences = "The tech laid a tarp in front of the stove. But there were grey smudges on the stairs when he left.";
    expect(analyzeReviewText({ text: twoSentences, rating: 4 }).find((a) => a.aspect === "cleanliness")?.sentiment).toBe("mixed");
  });

  it("leaves the aspect one-sided when the other side of the contrast is about something else", () => {
    const text = "The tech laid a tarp in front of the stove, but the rain made the drive home slow.";
    expect(analyzeReviewText({ text, rating: 4 })).toEqual([{ aspect: "cleanliness", sentiment: "positive", evidence: text }]);
  });
});
