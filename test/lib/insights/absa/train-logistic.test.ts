import { describe, expect, it } from "vitest";
import {
  nbRatios,
  scoreLogistic,
  sigmoid,
  trainLogistic,
  trainMultipleInstance,
  type SparseRow,
} from "../../../../src/lib/insights/absa/model/train-logistic.ts";

const row = (...indices: number[]): SparseRow => ({ indices: Int32Array.from(indices), values: null });
/** The same row with explicit values, as the review detectors' rows carry them. */
const valued = (indices: number[], values: number[]): SparseRow => ({ indices: Int32Array.from(indices), values: Float64Array.from(values) });

// Two positive rows and four negative ones. Feature 0 is on every row, 1 leans to the positive side, 2 to the negative
// one; 3 is past the width. Add-one smoothed counts, positive against negative: feature 0 is 3 of 7 against 5 of 10,
// 1 is 3 of 7 against 2 of 10, 2 is 1 of 7 against 3 of 10.
const rows = [row(0, 1, 3), valued([0, 1], [1, 1]), row(0, 2), valued([0, 2, 3], [1, 1, 1]), row(0), row(0, 1)];
const labels = [1, 1, 0, 0, 0, 0];

describe("naive Bayes log-count ratios", () => {
  it("weigh each count against its side's total, and are negative for a feature that leans to the negative side", () => {
    const ratios = nbRatios(rows, labels, 3);
    expect(ratios).toHaveLength(3);
    expect(ratios[0]).toBeCloseTo(Math.log(3 / 7 / (5 / 10)), 12);
    expect(ratios[1]).toBeCloseTo(Math.log(3 / 7 / (2 / 10)), 12);
    expect(ratios[2]).toBeCloseTo(Math.log(1 / 7 / (3 / 10)), 12);
  });

  it("count a feature's value, not only its presence", () => {
    const halves = rows.map(({ indices }) => ({ indices, values: Float64Array.from(indices, () => 0.5) }));
    // Halved counts, add-one smoothed: feature 1 is 2 of 5 against 1.5 of 6.5.
    expect(nbRatios(halves, labels, 3)[1]).toBeCloseTo(Math.log(2 / 5 / (1.5 / 6.5)), 12);
  });
});

describe("logistic regression on ratio-scaled features", () => {
  const options = { epochs: 50, rate: 0.2, l2: 0.01 };

  it("returns weights that read unscaled rows as the model trained on scaled rows reads scaled ones", () => {
    const folded = trainLogistic(rows, labels, 4, { ...options, nbScaled: 3 });
    const ratios = nbRatios(rows, labels, 3);
    const scale = ({ indices, values }: SparseRow): SparseRow => ({
      indices,
      values: Float64Array.from(indices, (index, k) => (index < 3 ? ratios[index]! : 1) * (values ? values[k]! : 1)),
    });
    const plain = trainLogistic(rows.map(scale), labels, 4, options);
    for (const r of rows) expect(scoreLogistic(folded, r)).toBeCloseTo(scoreLogistic(plain, scale(r)), 12);
    // Feature 3 is past the width: it trains unscaled, and its weight is the plain model's own.
    expect(folded.weights[3]).toBeCloseTo(plain.weights[3]!, 12);
  });

  it("gives a feature as frequent on both sides no weight, and the leaning ones their side's sign", () => {
    const balanced = [row(0, 1), row(0, 1), row(0, 2), row(0, 2)];
    const model = trainLogistic(balanced, [1, 1, 0, 0], 3, { ...options, nbScaled: 3 });
    expect(model.weights[0]).toBe(0);
    expect(model.weights[1]).toBeGreaterThan(0);
    expect(model.weights[2]).toBeLessThan(0);
  });

  it("refuses to scale more features than the rows have", () => {
    expect(() => trainLogistic(rows, labels, 4, { ...options, nbScaled: 5 })).toThrow(RangeError);
  });
});

describe("multiple-instance logistic regression", () => {
  const options = { epochs: 150, rate: 0.2, l2: 0.0003 };

  it("fits the log-sum-exp of a bag's row scores to the bag's label", () => {
    // One sentence, three times in a judged review and once in a review that judges nothing. With bag score s + ln 3
    // against s, the loss is least where e^s = 1/sqrt(3): p = 1/(1 + sqrt(3)). Each sentence labelled as its review is
    // gives 3/4.
    const sentence = row(0);
    const model = trainMultipleInstance([[sentence, sentence, sentence], [sentence]], [1, 0], 1, options);
    expect(sigmoid(scoreLogistic(model, sentence))).toBeCloseTo(1 / (1 + Math.sqrt(3)), 3);
    const naive = trainLogistic([sentence, sentence, sentence, sentence], [1, 1, 1, 0], 1, options);
    expect(sigmoid(scoreLogistic(naive, sentence))).toBeCloseTo(0.75, 3);
  });

  it("refuses an empty bag and the naive Bayes scaling, which has no meaning for bags", () => {
    expect(() => trainMultipleInstance([[row(0)], []], [1, 0], 1, options)).toThrow(RangeError);
    expect(() => trainMultipleInstance([[row(0)]], [1], 1, { ...options, nbScaled: 1 })).toThrow(RangeError);
  });

  it("reads the rows given as negatives as negatives on their own", () => {
    // Feature 1 judges; feature 3 marks its words in another sense, as in "paid the deposit on time".
    const bags = [[row(0), row(0, 1)], [row(0, 1)], [row(0, 2)], [row(0), row(0, 2)]];
    const otherSense = row(0, 1, 3);
    const p = (negatives: SparseRow[]) => sigmoid(scoreLogistic(trainMultipleInstance(bags, [1, 1, 0, 0], 4, options, negatives), otherSense));
    expect(p([])).toBeGreaterThan(0.5);
    expect(p([otherSense, otherSense])).toBeLessThan(0.5);
  });
});
