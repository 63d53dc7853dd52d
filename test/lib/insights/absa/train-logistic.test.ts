import { describe, expect, it } from "vitest";
import { nbRatios, scoreLogistic, trainLogistic, type SparseRow } from "../../../../src/lib/insights/absa/model/train-logistic.ts";

const row = (...indices: number[]): SparseRow => ({ indices: Int32Array.from(indices), values: null });

// Feature 0 is on every row, 1 leans to the positive side and 2 to the negative one; 3 is past the width.
const rows = [row(0, 1, 3), row(0, 1), row(0, 2), row(0, 2, 3), row(0, 2), row(0, 1)];
const labels = [1, 1, 1, 0, 0, 0];

describe("naive Bayes log-count ratios", () => {
  it("are about zero for a feature as common on both sides, and grow with how one-sided it is", () => {
    const ratios = nbRatios(rows, labels, 3);
    expect(ratios).toHaveLength(3);
    // Add-one smoothed counts, positive side against negative: feature 0 is 4 of 9 on both, 1 is 3 of 9 against 2 of 9.
    expect(ratios[0]).toBe(0);
    expect(ratios[1]).toBeCloseTo(Math.log(3 / 2), 12);
    expect(ratios[2]).toBeCloseTo(Math.log(3 / 2), 12);
  });
});

describe("logistic regression on ratio-scaled features", () => {
  const options = { epochs: 50, rate: 0.2, l2: 0.01 };

  it("returns weights that read unscaled rows exactly as the model trained on scaled rows reads scaled ones", () => {
    const folded = trainLogistic(rows, labels, 4, { ...options, nbScaled: 3 });
    const ratios = nbRatios(rows, labels, 3);
    const scale = ({ indices }: SparseRow): SparseRow => ({ indices, values: Float64Array.from(indices, (index) => (index < 3 ? ratios[index]! : 1)) });
    const plain = trainLogistic(rows.map(scale), labels, 4, options);
    for (const r of rows) expect(scoreLogistic(folded, r)).toBeCloseTo(scoreLogistic(plain, scale(r)), 12);
  });

  it("gives a feature that tells the sides apart weight, and one that does not none", () => {
    const model = trainLogistic(rows, labels, 4, { ...options, nbScaled: 3 });
    expect(model.weights[0]).toBe(0);
    expect(model.weights[1]).toBeGreaterThan(0);
    expect(model.weights[2]).toBeLessThan(0);
  });

  it("is deterministic", () => {
    const a = trainLogistic(rows, labels, 4, { ...options, nbScaled: 3 });
    const b = trainLogistic(rows, labels, 4, { ...options, nbScaled: 3 });
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
    expect(a.bias).toBe(b.bias);
  });
});
