import { describe, expect, it } from "vitest";
import { BARE_MARGIN, pickModelSentence, RULED_MARGIN } from "../../../../src/lib/insights/absa/analyze-review.ts";

const never = () => false;

describe("pickModelSentence: where the learned model may add an aspect the rules missed", () => {
  it("takes the sentence that clears the threshold by most", () => {
    expect(pickModelSentence(Float64Array.from([0.2, 0.7, 0.9]), 0.5, new Set(), never)).toBe(2);
    expect(pickModelSentence(Float64Array.from([0.2, 0.45]), 0.5, new Set(), never)).toBeNull();
  });

  it("asks for RULED_MARGIN more in a sentence where the rules found other aspects", () => {
    const scores = Float64Array.from([0.1, 0.5 + RULED_MARGIN - 0.01]);
    expect(pickModelSentence(scores, 0.5, new Set([1]), never)).toBeNull();
    expect(pickModelSentence(Float64Array.from([0.1, 0.5 + RULED_MARGIN + 0.01]), 0.5, new Set([1]), never)).toBe(1);
    // A free sentence just over the threshold beats a ruled one further over it in raw probability.
    expect(pickModelSentence(Float64Array.from([0.55, 0.8]), 0.5, new Set([1]), never)).toBe(0);
  });

  it("asks for BARE_MARGIN more in a sentence with no opinion or aspect word (a bare account of the job)", () => {
    const bare = (index: number) => index === 0;
    expect(pickModelSentence(Float64Array.from([0.5 + BARE_MARGIN - 0.01]), 0.5, new Set(), never, bare)).toBeNull();
    expect(pickModelSentence(Float64Array.from([0.5 + BARE_MARGIN + 0.01]), 0.5, new Set(), never, bare)).toBe(0);
    expect(pickModelSentence(Float64Array.from([0.5 + BARE_MARGIN - 0.01, 0.52]), 0.5, new Set(), never, bare)).toBe(1);
  });

  it("never picks an excluded sentence (set aside, or the aspect's words read in another sense)", () => {
    expect(pickModelSentence(Float64Array.from([0.99, 0.6]), 0.5, new Set(), (index) => index === 0)).toBe(1);
  });
});
