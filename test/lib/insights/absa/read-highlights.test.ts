import { describe, expect, it } from "vitest";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { readHighlights } from "../../../../src/lib/insights/absa/read-highlights.ts";
import { readSentences } from "../../../../src/lib/insights/nlp/read-text.ts";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";

/** Each highlight as aspect, sign and sentence index. */
const ticks = (text: string) => readHighlights(readSentences(text)).map((m) => `${m.aspect}${m.polarity > 0 ? "+" : "-"}@${m.sentence}`);

describe("readHighlights", () => {
  it("reads every name of a Positive line as praise of its aspect, in the line's sentence", () => {
    expect(ticks("Positive: Professionalism, Punctuality, Quality, Responsiveness, Value")).toEqual([
      "professionalism+@0",
      "punctuality+@0",
      "work_quality+@0",
      "communication+@0",
      "price_value+@0",
    ]);
  });

  it("reads a Critical line as criticism, below the text and the form's other fields", () => {
    const text = "Left lint all over the floor.\n\nServices: Dryer vent cleaning\nCritical: Professionalism, Quality\nPrice assessment: Expensive";
    expect(ticks(text)).toEqual(["professionalism-@2", "work_quality-@2"]);
  });

  it("ignores case and spacing, and a name ticked twice counts once", () => {
    expect(ticks("positive :  value ,VALUE")).toEqual(["price_value+@0"]);
  });

  it("leaves a line to the lexicon when any item is not one of the form's names", () => {
    expect(ticks("Positive: the guys were nice, Quality")).toEqual([]);
    expect(ticks("Positive: Professionalism, Cleanliness")).toEqual([]);
    expect(ticks("Critical thinking: Quality")).toEqual([]);
  });

  it("reads only a line that starts with the field, not the word inside a sentence", () => {
    expect(ticks("I stayed positive: Quality was not the issue.")).toEqual([]);
  });
});

describe("highlights in a review", () => {
  it("replace the lexicon's reading of the same word in that sentence", () => {
    const { mentions } = findReviewMentions({ text: "Services: Dryer vent cleaning\nCritical: Professionalism, Quality", rating: 2 });
    const professionalism = mentions.filter((m) => m.aspect === "professionalism");
    expect(professionalism.map((m) => m.polarity)).toEqual([-1]);
  });

  it("give the review the aspects ticked, with the line as evidence", () => {
    const text = "Came out the same week, cleaned the vent pipe. Thanks guys\n\nServices: Pellet stove service\nPositive: Responsiveness, Quality, Value";
    const found = analyzeReviewText({ text, rating: 5 });
    for (const aspect of ["communication", "work_quality", "price_value"] as const)
      expect(found.find((entry) => entry.aspect === aspect)).toMatchObject({ sentiment: "positive" });
    expect(found.find((entry) => entry.aspect === "price_value")!.evidence).toBe("Positive: Responsiveness, Quality, Value");
  });
});
