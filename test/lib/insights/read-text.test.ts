import { describe, expect, it } from "vitest";
import { readSentences } from "../../../src/lib/insights/nlp/read-text.ts";

/** A word no lexicon knows, different in every process (test files may share one), so wink has not read it before. */
const unseen = `Zorb${[...String(process.pid)].map((digit) => "abcdefghij"[Number(digit)]).join("")}ley`;

const tokensOf = (text: string) => readSentences(text).flatMap((sentence) => sentence.tokens.map((token) => `${token.text}/${token.lemma}/${token.pos}`));

describe("readSentences", () => {
  it("reads a text the same way whatever it read before", () => {
    const text = `${unseen}'s crew swept the flue.`;
    const first = tokensOf(text);
    // wink adds "<word>'s" whole to its lexicon when a comma follows it; its tokenizer then kept every later one whole.
    tokensOf(`We asked for ${unseen}'s, and got them.`);
    expect(tokensOf(text)).toEqual(first);
  });

  it("keeps the possessive apart from an unknown name", () => {
    expect(
      tokensOf(`${unseen}'s crew came.`)
        .slice(0, 2)
        .map((token) => token.split("/")[0]),
    ).toEqual([unseen, "'s"]);
  });
});
