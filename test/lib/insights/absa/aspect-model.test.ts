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

  it("refuses a file of a format it does not know (format 2 had fixed thresholds, not the presence model)", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    expect(() => thawAbsaModel({ ...file, format: 2 } as unknown as typeof file)).toThrow(/npm run train:absa/);
  });

  it("refuses a presence model of another width (it would score NaN and find nothing)", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    const narrow = { ...file, presence: { ...file.presence, detectors: { ...file.presence.detectors, scheduling: { bias: 0, weights: "AAAAAAAAAAAAAAAA" } } } };
    expect(() => thawAbsaModel(narrow)).toThrow(/presence model for scheduling/);
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
});
