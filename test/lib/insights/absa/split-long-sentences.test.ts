import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { splitLongSentences } from "../../../../src/lib/insights/absa/split-long-sentences.ts";
import { readSentences } from "../../../../src/lib/insights/nlp/read-text.ts";
import { PROJECT_ROOT } from "../../../support/fixtures.ts";

const clausesOf = (text: string) => splitLongSentences(text, readSentences(text)).clauses;
const clauseTexts = (text: string) => clausesOf(text).map((clause) => clause.text);

describe("splitLongSentences", () => {
  it.each<[string, string, string[]]>([
    [
      "reads a run-on typed without stops clause by clause, at a subject or at 'and' before one",
      "came out right on time and he was super polite and careful we paid a hundred and fifty which seemed fair they explained everything they found",
      [
        "came out right on time",
        "and he was super polite and careful",
        "we paid a hundred and fifty which seemed fair",
        "they explained everything they found",
      ],
    ],
    [
      "cuts a long comma splice after each comma and leaves the comma out of the clause",
      "The tech was late, the office never called back, the price was double the quote, and there was soot on the rug, so never again for us.",
      ["The tech was late", "the office never called back", "the price was double the quote", "and there was soot on the rug", "so never again for us."],
    ],
    [
      "opens clauses at each subject and joiner it knows, keeps a clause of three tokens, and does not cut at a semicolon",
      "she came at nine; quick and tidy, she was done by ten but I was not home so my son let her in then she swept the flue and I paid her after",
      ["she came at nine; quick and tidy", "she was done by ten", "but I was not home so my son let her in", "then she swept the flue", "and I paid her after"],
    ],
    [
      "keeps a clause of three tokens, a semicolon before a subject and 'so' with its subject",
      "she came at nine; she was quick so we let her in and she swept the flue and I paid her after we checked the fireplace ourselves",
      ["she came at nine;", "she was quick", "so we let her in", "and she swept the flue", "and I paid her after", "we checked the fireplace ourselves"],
    ],
    [
      "keeps 'and' with the subject it introduces, even where the clause before it is too short to end there",
      "we waited all morning for the crew they came and he swept the flue and we paid two hundred dollars which seemed a bit much to us",
      ["we waited all morning for the crew", "they came and he swept the flue", "and we paid two hundred dollars which seemed a bit much to us"],
    ],
  ])("%s", (_name, text, clauses) => {
    expect(clauseTexts(text)).toEqual(clauses);
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

  it("knows which sentence each clause was cut from", () => {
    const text = "Fine. The tech was late, the office never called back, the price was double the quote, and there was soot on the rug, so never again.";
    const { clauses, sentenceOf } = splitLongSentences(text, readSentences(text));
    expect(clauses.length).toBe(6);
    expect(sentenceOf).toEqual([0, 1, 1, 1, 1, 1]);
  });

  it("reads a tick list only as a whole line, never as the first clause of a longer one", () => {
    const long = "Positive: Quality, the tech was late and he left a mess in the basement and I would not hire them again they overcharged us too";
    expect(findReviewMentions({ text: long, rating: 2 }).mentions.filter((mention) => mention.ticked)).toEqual([]);
    const text = `${long}\nPositive: Punctuality, Value`;
    const found = findReviewMentions({ text, rating: 2 });
    const line = found.sentences.findIndex((sentence) => sentence.text === "Positive: Punctuality, Value");
    expect(found.mentions.filter((mention) => mention.ticked).map((mention) => [mention.aspect, mention.sentence])).toEqual([
      ["punctuality", line],
      ["price_value", line],
    ]);
  });

  it("weighs and quotes a long sentence whole: three punctuality clauses outweigh one short sentence", () => {
    const text =
      "The crew was on time. Last year they showed up right on time, the year before they were early, and this time he was on time again even in the snow, so that is three for three.";
    expect(analyzeReviewText({ text, rating: 5 })).toEqual([{ aspect: "punctuality", sentiment: "positive", evidence: readSentences(text)[1]!.text }]);
  });

  it("quotes only whole sentences in the labelled reviews written without stops (batches 320 to 326)", () => {
    let checked = 0;
    for (let batch = 320; batch <= 326; batch += 1) {
      const reviews = JSON.parse(readFileSync(join(PROJECT_ROOT, `data/absa/batches/batch-${batch}.json`), "utf8")) as Array<{ text: string; rating: number }>;
      for (const { text, rating } of reviews) {
        const sentences = new Set(readSentences(text).map((sentence) => sentence.text));
        for (const { evidence } of analyzeReviewText({ text, rating })) {
          expect(sentences).toContain(evidence);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
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
    expect(clauseTexts(whole)).toEqual([whole]);
    expect(clauseTexts(`${whole} too`)).toEqual([
      "the crew came on time",
      "and they swept the flue and cleaned the smoke shelf and checked the damper and the cap on top too",
    ]);
  });
});
