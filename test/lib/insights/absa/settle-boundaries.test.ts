import { describe, expect, it } from "vitest";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";

const read = (text: string, off: string[] = []) => {
  const { mentions, blocked } = findReviewMentions({ text, rating: 2 }, new Set(off) as never);
  return { aspects: mentions.map((m) => `${m.aspect}@${m.sentence}`), blocked: Object.fromEntries([...blocked].map(([i, set]) => [i, [...set]])) };
};

describe("settled boundary cues set their old aspect aside in their sentence", () => {
  it("a silence after a late arrival is punctuality, and communication is set aside there", () => {
    expect(read("Two hours late. Didn't even call.")).toEqual({ aspects: ["punctuality@0", "punctuality@1"], blocked: { 1: ["communication"] } });
  });

  it("an unmentioned fee is price_value, and communication is set aside there", () => {
    expect(read("They added a $50 fee nobody told us about.")).toEqual({ aspects: ["price_value@0"], blocked: { 0: ["communication"] } });
  });

  it("keeps communication where another cue in the sentence still reads it", () => {
    const { aspects, blocked } = read("He was late and never called, and the office never returned my calls either.");
    expect(aspects).toContain("communication@0");
    expect(blocked[0]).toEqual(["communication"]);
  });

  it("sets nothing aside with the boundaries family switched off (the ablation)", () => {
    expect(read("Two hours late. Didn't even call.", ["boundaries"])).toEqual({ aspects: ["punctuality@0", "communication@1"], blocked: {} });
  });
});
