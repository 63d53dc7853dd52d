import { describe, expect, it } from "vitest";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { isHighlightsLine, readHighlights } from "../../../../src/lib/insights/absa/read-highlights.ts";
import { readSentences } from "../../../../src/lib/insights/nlp/read-text.ts";
import { analyzeReviewText, isShowcaseSentence } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";

/** Each highlight as aspect, sign and sentence index. */
const ticks = (text: string) => readHighlights(readSentences(text)).map((m) => `${m.aspect}${m.polarity > 0 ? "+" : "-"}@${m.sentence}`);

const verdict = (text: string, rating: number, aspect: string) => analyzeReviewText({ text, rating }).find((entry) => entry.aspect === aspect);

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

  it("ignores case, spacing, Windows line ends and a closing full stop; a name ticked twice counts once", () => {
    expect(ticks("positive :  value ,VALUE")).toEqual(["price_value+@0"]);
    expect(ticks("Services: Chimney cleaning\r\nCritical: Professionalism.\r\n")).toEqual(["professionalism-@1"]);
    expect(ticks("Positive: Punctuality, Value!")).toEqual(["punctuality+@0", "price_value+@0"]);
  });

  it("leaves a line to the lexicon when any item is not one of the form's names", () => {
    expect(ticks("Positive: the guys were nice, Quality")).toEqual([]);
    expect(ticks("Positive: Professionalism, Cleanliness")).toEqual([]);
    expect(ticks("Positive:")).toEqual([]);
    expect(ticks("Critical thinking: Quality")).toEqual([]);
  });

  it("reads only a line that starts with the field, not the words inside a line of text", () => {
    expect(ticks("I stayed positive: Quality")).toEqual([]);
    expect(ticks("Great job. Positive: Quality, Value")).toEqual([]);
  });

  it("tells a highlights line from a sentence", () => {
    expect(isHighlightsLine("Positive: Quality, Value")).toBe(true);
    expect(isHighlightsLine("Quality and value, both great.")).toBe(false);
  });
});

describe("highlights in a review", () => {
  it("replace the lexicon's reading of the same aspect in the line, and only there", () => {
    const { mentions } = findReviewMentions({ text: "The crew was very professional.\nCritical: Professionalism", rating: 3 });
    expect(mentions.filter((m) => m.aspect === "professionalism").map((m) => `${m.polarity}@${m.sentence}`)).toEqual(["1@0", "-1@1"]);
  });

  it("count as full-weight judgements, whatever the presence model says", () => {
    const model = loadDefaultAbsaModel();
    const refusing = { ...model, presence: { ...model.presence, threshold: 2 } };
    const text = "Came out the same week, cleaned the vent pipe. Thanks guys\n\nServices: Pellet stove service\nPositive: Responsiveness, Quality, Value";
    expect(analyzeReviewText({ text, rating: 5 }, refusing).map((entry) => [entry.aspect, entry.sentiment])).toEqual([
      ["work_quality", "positive"],
      ["price_value", "positive"],
      ["communication", "positive"],
    ]);
    expect(readHighlights(readSentences(text)).every((m) => m.weight === 1)).toBe(true);
  });

  it("take the words' sentence as evidence, and the line only when no words judge the aspect", () => {
    expect(verdict("They did a great job on the flue.\nPositive: Quality", 5, "work_quality")).toEqual({
      aspect: "work_quality",
      sentiment: "positive",
      evidence: "They did a great job on the flue.",
    });
    expect(verdict("Swept the chimney.\nPositive: Value", 5, "price_value")).toEqual({
      aspect: "price_value",
      sentiment: "positive",
      evidence: "Positive: Value",
    });
  });

  it("make the aspect mixed where the words judge it the other way", () => {
    expect(verdict("They did a terrible job.\nPositive: Quality", 2, "work_quality")?.sentiment).toBe("mixed");
    expect(verdict("The sweep was perfect and the flue is spotless.\nCritical: Quality", 4, "work_quality")?.sentiment).toBe("mixed");
  });

  it("are no showcase quote", () => {
    expect(isShowcaseSentence("Positive: Professionalism, Punctuality", 5, "professionalism", "positive")).toBe(false);
    expect(isShowcaseSentence("Critical: Quality", 1, "work_quality", "negative")).toBe(false);
    expect(isShowcaseSentence("The crew was polite and professional.", 5, "professionalism", "positive")).toBe(true);
  });
});
