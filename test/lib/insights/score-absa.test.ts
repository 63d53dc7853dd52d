import { describe, expect, it } from "vitest";
import { formatAbsaTable, listAbsaErrors, scoreAbsa, type AbsaItem } from "../../../src/lib/insights/score-absa.ts";
import type { ReviewAspect } from "../../../src/lib/schema/review.ts";

const ITEMS: AbsaItem[] = [
  { id: "t-1", rating: 5, text: "a", labels: { punctuality: "positive", cleanliness: "positive" } },
  { id: "t-2", rating: 1, text: "b", labels: { price_value: "negative" } },
  { id: "t-3", rating: 3, text: "c", labels: {} },
];
const PREDICTIONS: Record<string, ReviewAspect[]> = {
  "t-1": [
    { aspect: "punctuality", sentiment: "positive", evidence: "" },
    { aspect: "cleanliness", sentiment: "mixed", evidence: "" },
  ],
  "t-2": [],
  "t-3": [{ aspect: "scheduling", sentiment: "negative", evidence: "" }],
};
const predict = (item: AbsaItem) => PREDICTIONS[item.id] ?? [];

describe("scoreAbsa", () => {
  const scores = scoreAbsa(ITEMS, predict);

  it.each<[string, number]>([
    ["detection tp", scores.detection.tp],
    ["detection fp", scores.detection.fp],
    ["detection fn", scores.detection.fn],
    ["pair tp", scores.pairs.tp],
    ["pair fp", scores.pairs.fp],
    ["pair fn", scores.pairs.fn],
  ])("%s", (_name, value) => {
    const expected = { "detection tp": 2, "detection fp": 1, "detection fn": 1, "pair tp": 1, "pair fp": 2, "pair fn": 2 }[_name];
    expect(value).toBe(expected);
  });

  it("computes precision, recall, F1 and polarity accuracy", () => {
    expect(scores.detection.precision).toBeCloseTo(2 / 3, 3);
    expect(scores.detection.recall).toBeCloseTo(2 / 3, 3);
    expect(scores.polarityAccuracy).toBe(0.5);
    expect(scores.pairs.f1).toBeCloseTo(1 / 3, 3);
    expect(scores.aspects.find((a) => a.aspect === "cleanliness")?.polarityAccuracy).toBe(0);
    expect(scores.aspects.find((a) => a.aspect === "communication")?.polarityAccuracy).toBeNull();
  });

  it("lists the disagreements", () => {
    expect(listAbsaErrors(ITEMS, predict)).toEqual([
      { id: "t-1", aspect: "cleanliness", gold: "positive", predicted: "mixed" },
      { id: "t-2", aspect: "price_value", gold: "negative", predicted: null },
      { id: "t-3", aspect: "scheduling", gold: null, predicted: "negative" },
    ]);
  });

  it("prints a table with every aspect and the overall rows", () => {
    const table = formatAbsaTable(scores, "Example");
    for (const row of ["punctuality", "scheduling", "detection (all)", "micro (asp,pol)"]) expect(table).toContain(row);
  });

  it("keeps five-digit counts apart from the F1 column", () => {
    const counts = { tp: 10_858, fp: 1_454, fn: 1_467, precision: 0.882, recall: 0.881, f1: 0.881 };
    const table = formatAbsaTable({ ...scores, detection: counts, pairs: counts }, "Large");
    const detection = table.split("\n").find((line) => line.startsWith("detection (all)"))!;
    expect(detection.slice("detection (all)".length).trim().split(/\s+/).slice(0, 6)).toEqual(["0.882", "0.881", "0.881", "10858", "1454", "1467"]);
  });
});
