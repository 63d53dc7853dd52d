import { describe, expect, it } from "vitest";
import { readSentences } from "../../../src/lib/insights/nlp/read-text.ts";
import { splitSentences } from "../../../src/lib/insights/nlp/split-sentences.ts";
import { loadSiteData } from "./load-site-data.ts";

describe("splitSentences", () => {
  it.each([
    ["One. Two! Three?", ["One.", "Two!", "Three?"]],
    ["no more smoke now. price was what they said. 3 stars for now.", ["no more smoke now.", "price was what they said.", "3 stars for now."]],
    ["Mr. Bell, the owner, came himself. Kevin T. and Chris swept.", ["Mr. Bell, the owner, came himself.", "Kevin T. and Chris swept."]],
    ["10/10\nGreat job\n\nWould hire again", ["10/10", "Great job", "Would hire again"]],
    ["It was fine.  $189 total.", ["It was fine.", "$189 total."]],
    ['She said "All clean." (We were sure!!) Done', ['She said "All clean."', "(We were sure!!)", "Done"]],
    ["Came at 3 a.m. and left.", ["Came at 3 a.m. and left."]],
    ["", []],
  ])("splits %j", (text, expected) => {
    expect(splitSentences(text).map((span) => span.text)).toEqual(expected);
  });

  it("returns verbatim slices of the source", () => {
    const text = '  Came at 8.\n\nSwept the flue. "Clean!" she said.  ';
    for (const span of splitSentences(text)) expect(text.slice(span.start, span.end)).toBe(span.text);
  });

  it("finds the sentences readSentences (wink-nlp) finds in almost every review of content/", () => {
    let total = 0;
    let same = 0;
    for (const review of loadSiteData().dataset.reviews) {
      const reference = readSentences(review.text).map((sentence) => sentence.text);
      const ours = new Set(splitSentences(review.text).map((span) => span.text));
      total += reference.length;
      same += reference.filter((sentence) => ours.has(sentence)).length;
    }
    expect(total).toBeGreaterThan(500);
    expect(same / total).toBeGreaterThan(0.99);
  });
});

describe("readSentences", () => {
  it("gives a word wink has no lemma for its normal form as lemma, whatever its tag", () => {
    // "didnt" tagged AUX has no lemma in wink's model; earlier the same word under another tag is read first.
    const [first, second] = [readSentences("He didnt call."), readSentences("They didnt show up and didnt call.")];
    for (const token of [...first, ...second].flatMap((sentence) => sentence.tokens).filter((t) => t.lower === "didnt")) {
      expect(token.lemma).toBe("didnt");
    }
  });
});
