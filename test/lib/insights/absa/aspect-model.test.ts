import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { freezeAbsaModel, thawAbsaModel } from "../../../../src/lib/insights/absa/model/model-file.ts";
import { listLabelledItems } from "../../../../scripts/absa/labelled-data.ts";

const items = listLabelledItems();

describe("learned aspect model (the committed file; no test trains one)", () => {
  it("reads back from its file format unchanged: the same bytes, and the same analysis", () => {
    const model = loadDefaultAbsaModel();
    const trainedOn = { reviews: 1, data_sha256: "d", code_sha256: "c" };
    const file = freezeAbsaModel(model, trainedOn);
    const again = thawAbsaModel(JSON.parse(JSON.stringify(file)));
    expect(JSON.stringify(freezeAbsaModel(again, trainedOn))).toBe(JSON.stringify(file));
    for (const item of items.slice(0, 40))
      expect(analyzeReviewText({ text: item.text, rating: item.rating }, again)).toEqual(analyzeReviewText({ text: item.text, rating: item.rating }, model));
  });

  it("refuses a file of a format it does not know", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    expect(() => thawAbsaModel({ ...file, format: 2 } as unknown as typeof file)).toThrow(/npm run train:absa/);
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

  it("reads a sentence that opens by turning against the one before as the other side ('Unfortunately', 'Only complaint')", () => {
    for (const turn of ["Unfortunately there were grey smudges on the stairs when he left.", "Only complaint is the grey smudges he left on the stairs."]) {
      const text = `The tech laid a tarp in front of the stove. ${turn}`;
      expect(analyzeReviewText({ text, rating: 4 }).find((a) => a.aspect === "cleanliness")?.sentiment).toBe("mixed");
    }
  });

  it("leaves the aspect one-sided when the other side of the contrast is about something else", () => {
    const text = "The tech laid a tarp in front of the stove, but the rain made the drive home slow.";
    expect(analyzeReviewText({ text, rating: 4 })).toEqual([{ aspect: "cleanliness", sentiment: "positive", evidence: text }]);
  });
});
