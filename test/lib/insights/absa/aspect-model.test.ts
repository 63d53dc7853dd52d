import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { judgingSentences, scoreAspects, trainAbsaModel } from "../../../../src/lib/insights/absa/model/aspect-model.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import type { AbsaItem } from "../../../../src/lib/insights/score-absa.ts";
import { freezeAbsaModel, thawAbsaModel } from "../../../../src/lib/insights/absa/model/model-file.ts";
import { listLabelledItems } from "../../../../scripts/absa/labelled-data.ts";

const items = listLabelledItems();

describe("learned aspect model (the committed file)", () => {
  it("reads back from its file format unchanged: the same bytes, and the same analysis", () => {
    const model = loadDefaultAbsaModel();
    const trainedOn = { reviews: 1, data_sha256: "d", code_sha256: "c" };
    const file = freezeAbsaModel(model, trainedOn);
    const again = thawAbsaModel(JSON.parse(JSON.stringify(file)));
    expect(JSON.stringify(freezeAbsaModel(again, trainedOn))).toBe(JSON.stringify(file));
    for (const item of items.slice(0, 40))
      expect(analyzeReviewText({ text: item.text, rating: item.rating }, again)).toEqual(analyzeReviewText({ text: item.text, rating: item.rating }, model));
  });

  it("refuses a file of a format it does not know (format 3 stored every weight, zeros too)", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    expect(() => thawAbsaModel({ ...file, format: 3 } as unknown as typeof file)).toThrow(/npm run train:absa/);
  });

  it("leaves zero weights out of the file and puts them back as zeros", () => {
    const model = loadDefaultAbsaModel();
    const file = freezeAbsaModel(model, { reviews: 1, data_sha256: "d", code_sha256: "c" });
    const { positive } = model.sides;
    const zeros = positive.weights.filter((weight) => weight === 0).length;
    expect(zeros, "the sides model has untrained per-aspect weights").toBeGreaterThan(0);
    expect(atob(file.sides.positive.weights).length).toBe((positive.weights.length - zeros) * 4);
    expect(thawAbsaModel(file).sides.positive.weights).toEqual(positive.weights);
  });

  it("stores a weight by its bit, lowest first, and its float32 value; a weight under 0.01 in size is left out, as zero", () => {
    const model = loadDefaultAbsaModel();
    // Set at 1, 9 and 10: bits 0b10 and 0b110. -0, 1e-50, 0.0099 and -0.0099 are left out; -0.01 is kept.
    const weights = Float64Array.of(0, 2, -0, 1e-50, 0.0099, -0.0099, 0, 0, 0, -1.5, -0.01);
    const detectors = new Map([...model.detectors, ["punctuality", { bias: 0.5, weights }] as const]);
    const file = freezeAbsaModel({ ...model, detectors }, { reviews: 1, data_sha256: "d", code_sha256: "c" });
    expect(file.detectors.punctuality).toEqual({ bias: 0.5, size: 11, nonzero: "AgY=", weights: "AAAAQAAAwL8K1yO8" });
    expect([...thawAbsaModel(file).detectors.get("punctuality")!.weights]).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 0, -1.5, Math.fround(-0.01)]);
  });

  it("stores the presence model's weights whole, however small (punctuality's came out at -0.0071 once)", () => {
    const model = loadDefaultAbsaModel();
    const weights = Float64Array.of(0.7, 0.65, 0.0099, -0.0071);
    const detectors = new Map([...model.presence.detectors, ["punctuality", { bias: 0.8, weights }] as const]);
    const file = freezeAbsaModel({ ...model, presence: { ...model.presence, detectors } }, { reviews: 1, data_sha256: "d", code_sha256: "c" });
    expect([...thawAbsaModel(file).presence.detectors.get("punctuality")!.weights]).toEqual([...weights].map(Math.fround));
  });

  it("keeps the weights as float32 once loaded, as the file stores them: the same analysis as widened to float64", () => {
    const model = loadDefaultAbsaModel();
    const widen = ({ bias, weights }: { bias: number; weights: ArrayLike<number> }) => ({ bias, weights: Float64Array.from(weights) });
    for (const linear of [...model.detectors.values(), ...model.review.detectors.values(), model.sides.positive, model.sides.negative])
      expect(linear.weights).toBeInstanceOf(Float32Array);
    const wide = {
      ...model,
      detectors: new Map([...model.detectors].map(([aspect, linear]) => [aspect, widen(linear)])),
      review: { ...model.review, detectors: new Map([...model.review.detectors].map(([aspect, linear]) => [aspect, widen(linear)])) },
      sides: { ...model.sides, positive: widen(model.sides.positive), negative: widen(model.sides.negative) },
    };
    for (const item of items.slice(0, 200))
      expect(analyzeReviewText({ text: item.text, rating: item.rating }, wide)).toEqual(analyzeReviewText({ text: item.text, rating: item.rating }, model));
  });

  it.each([
    ["more weights stored than bits set", { size: 3, nonzero: "Bw==", weights: "AAAAAAAAAAAAAAAAAAAAAA==" }],
    ["fewer weights stored than bits set", { size: 3, nonzero: "Bw==", weights: "AAAAAAAAAAA=" }],
    ["a map shorter than the size", { size: 20, nonzero: "Bw==", weights: "AAAAAAAAAAAAAAAA" }],
    ["a bit set past the size", { size: 2, nonzero: "Bw==", weights: "AAAAAAAAAAA=" }],
    ["a size that is no whole number", { size: 3.5, nonzero: "Bw==", weights: "AAAAAAAAAAAAAAAA" }],
  ])("refuses weights that do not match the file's map of non-zero weights: %s", (_name, broken) => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    const punctuality = { bias: 0, ...broken };
    expect(() => thawAbsaModel({ ...file, detectors: { ...file.detectors, punctuality } })).toThrow(/non-zero map.*npm run train:absa/);
  });

  it("refuses a presence model of another width (it would score NaN and find nothing)", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    const narrow = {
      ...file,
      presence: { ...file.presence, detectors: { ...file.presence.detectors, scheduling: { bias: 0, size: 3, nonzero: "Bw==", weights: "AAAAAAAAAAAAAAAA" } } },
    };
    expect(() => thawAbsaModel(narrow)).toThrow(/presence model for scheduling/);
  });

  it("refuses a sides model laid out for other code (it would read past its weights)", () => {
    const file = freezeAbsaModel(loadDefaultAbsaModel(), { reviews: 1, data_sha256: "d", code_sha256: "c" });
    const short = { bias: 0, size: 3, nonzero: "Bw==", weights: "AAAAAAAAAAAAAAAA" };
    expect(() => thawAbsaModel({ ...file, sides: { ...file.sides, negative: short } })).toThrow(/sides model does not have \d+ weights/);
    expect(() => thawAbsaModel({ ...file, sides: { ...file.sides, width: file.sides.width + 1 } })).toThrow(/sides model/);
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

describe("the sentences the sides model reads (judgingSentences)", () => {
  // The lexicon reads "on time" in the first sentence as paying, not arriving: punctuality is set aside there.
  const findings = findReviewMentions({ text: "We paid the deposit on time. He was late. Nice guy.", rating: 3 });

  it("takes each sentence the detector gives at least even odds, in order", () => {
    expect(judgingSentences(Float64Array.of(0.2, 0.5, 0.9), findings, "professionalism")).toEqual([1, 2]);
    expect(judgingSentences(Float64Array.of(0.49, 0.1, 0.3), findings, "professionalism")).toEqual([]);
  });

  it("never takes a sentence where the aspect was set aside, however sure the detector", () => {
    expect(findings.blocked.get(0)?.has("punctuality")).toBe(true);
    expect(judgingSentences(Float64Array.of(0.99, 0.8, 0.1), findings, "punctuality")).toEqual([1]);
  });

  it("takes a sentence set aside for the aspect where the rules also found the aspect", () => {
    const alsoFound = { ...findings, mentions: [...findings.mentions, { aspect: "punctuality" as const, polarity: 1 as const, weight: 1, sentence: 0 }] };
    expect(judgingSentences(Float64Array.of(0.99, 0.8, 0.1), alsoFound, "punctuality")).toEqual([0, 1]);
  });
});

describe("the learned models' vocabulary", () => {
  it("keeps words and bigrams met in two reviews, and trigrams only once met in five", () => {
    const reviews = (count: number, text: string, tag: string): AbsaItem[] =>
      Array.from({ length: count }, (_, i) => ({ id: `${tag}${i}`, rating: 5, text, labels: {} }));
    const { vocabulary } = trainAbsaModel([
      ...reviews(5, "Zebras graze quietly.", "five"),
      ...reviews(4, "Otters swim slowly.", "four"),
      ...reviews(1, "Lemurs nap daily.", "one"),
    ]);
    expect(vocabulary.has("zebras graze quietly")).toBe(true);
    expect(vocabulary.has("otters swim slowly")).toBe(false);
    for (const feature of ["otters", "otters swim", "swim slowly"]) expect(vocabulary.has(feature), feature).toBe(true);
    for (const feature of ["lemurs", "lemurs nap"]) expect(vocabulary.has(feature), feature).toBe(false);
  });
});

describe("sentence detectors' training", () => {
  it("takes no plain account beside the sentence where the rules found an aspect as evidence for it", () => {
    // Where the rules found the aspect in a review that judges it, the detector's bag is the rules' sentences only: the
    // account of the job beside them is no evidence either way (aspect-model.ts, trainFinders).
    const account = "He swept the flue and checked the smoke shelf.";
    const training: AbsaItem[] = [
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `a${i}`,
        rating: 5,
        text: `The work was excellent. ${account}`,
        labels: { work_quality: "positive" as const },
      })),
      ...Array.from({ length: 30 }, (_, i) => ({ id: `b${i}`, rating: 5, text: "He was very polite.", labels: { professionalism: "positive" as const } })),
    ];
    const model = trainAbsaModel(training);
    const second = (text: string) => scoreAspects(model, findReviewMentions({ text, rating: 5 }).sentences).aspects.get("work_quality")!.bySentence[1]!;
    // "he" is all the detector learned of the account's words, from reviews that judge no work: no more than a sentence
    // of unseen words.
    expect(second(`The work was excellent. ${account}`)).toBeLessThanOrEqual(second("The work was excellent. Zebras graze quietly."));
  });
});
