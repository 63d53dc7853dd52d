import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { splitLongSentences } from "../../../../src/lib/insights/absa/split-long-sentences.ts";
import { readSentences } from "../../../../src/lib/insights/nlp/read-text.ts";

const clausesOf = (text: string) => splitLongSentences(text, readSentences(text)).clauses;

describe("splitLongSentences", () => {
  it("reads a run-on typed without stops clause by clause, at a subject or at 'and' before one", () => {
    const text =
      "came out right on time and he was super polite and careful we paid a hundred and fifty which seemed fair they explained everything they found";
    expect(clausesOf(text).map((clause) => clause.text)).toEqual([
      "came out right on time",
      "and he was super polite and careful",
      "we paid a hundred and fifty which seemed fair",
      "they explained everything they found",
    ]);
  });

  it("cuts a long comma splice after each comma and leaves the comma out of the clause", () => {
    const text = "The tech was late, the office never called back, the price was double the quote, and there was soot on the rug, so never again for us.";
    expect(clausesOf(text).map((clause) => clause.text)).toEqual([
      "The tech was late",
      "the office never called back",
      "the price was double the quote",
      "and there was soot on the rug",
      "so never again for us.",
    ]);
  });

  it("leaves a sentence under 25 tokens whole, commas and all, and numbers the sentences in order", () => {
    const text =
      "Expensive, but worth it, and he was on time. came out right on time and he was super polite and careful we paid a hundred and fifty which seemed fair they explained everything they found";
    const sentences = clausesOf(text);
    expect(sentences[0]!.text).toBe("Expensive, but worth it, and he was on time.");
    expect(sentences.map((sentence) => sentence.index)).toEqual(sentences.map((_, index) => index));
    expect(sentences.length).toBe(5);
  });

  it("gives clauses that are verbatim slices of the text, with their own tokens, none shorter than three", () => {
    const text =
      "so we called them on monday and they said thursday then they came wednesday instead and I was not even home but my husband was and he said they did fine";
    for (const clause of clausesOf(text)) {
      expect(text.slice(clause.start, clause.end)).toBe(clause.text);
      expect(clause.tokens[0]!.start).toBe(clause.start);
      expect(clause.tokens.at(-1)!.end).toBe(clause.end);
      expect(clause.tokens.length).toBeGreaterThanOrEqual(3);
    }
    expect(clausesOf(text).length).toBeGreaterThan(2);
  });

  it("quotes each clause as the whole sentence it was cut from", () => {
    const text = "Fine. The tech was late, the office never called back, the price was double the quote, and there was soot on the rug, so never again.";
    const { clauses, quotes } = splitLongSentences(text, readSentences(text));
    expect(clauses.length).toBe(6);
    expect(quotes).toEqual(["Fine.", ...Array<string>(5).fill(text.slice(6))]);
  });

  it("lets the rules read each clause of a run-on on its own, and quotes the whole run-on as the evidence", () => {
    const text =
      "came out right on time and he was super polite and careful we paid a hundred and fifty which seemed fair they explained everything they found";
    const found = findReviewMentions({ text, rating: 5 });
    const clauseOf = (aspect: string) => found.mentions.find((mention) => mention.aspect === aspect)?.sentence;
    expect(["punctuality", "professionalism", "price_value", "communication"].map(clauseOf)).toEqual([0, 1, 2, 3]);
    const aspects = analyzeReviewText({ text, rating: 5 });
    expect(aspects.map((entry) => entry.aspect)).toEqual(["punctuality", "professionalism", "price_value", "communication"]);
    for (const entry of aspects) expect(entry.evidence).toBe(text);
  });

  it("starts 25 tokens: one word shorter, the same run-on is read whole", () => {
    const whole = "the crew came on time and they swept the flue and cleaned the smoke shelf and checked the damper and the cap on top";
    expect(clausesOf(whole).map((clause) => clause.text)).toEqual([whole]);
    expect(clausesOf(`${whole} too`).map((clause) => clause.text)).toEqual([
      "the crew came on time",
      "and they swept the flue and cleaned the smoke shelf and checked the damper and the cap on top too",
    ]);
  });

  it("keeps 'and' with the subject it introduces, even where the clause before it is too short to end there", () => {
    const text = "we waited all morning for the crew they came and he swept the flue and we paid two hundred dollars which seemed a bit much to us";
    expect(clausesOf(text).map((clause) => clause.text)).toEqual([
      "we waited all morning for the crew",
      "they came and he swept the flue",
      "and we paid two hundred dollars which seemed a bit much to us",
    ]);
  });
});
