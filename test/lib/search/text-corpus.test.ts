import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { foldText } from "../../../src/lib/search/normalize.ts";
import { buildTextCorpus } from "../../../src/lib/search/text-corpus.ts";

const corpus = buildTextCorpus(["Great SWEEP", null, "Soot"], ["first review ends here", "Renée was on time", "creosote everywhere"]);
const matches = (needle: string) => {
  const contains = corpus.matcher(needle);
  return [0, 1, 2].filter((position) => contains(position));
};

describe("text corpus", () => {
  it.each([
    ["in a text", "on time", [1]],
    ["in a title only", "sweep", [0]],
    ["in a title and another's text", "soot", [2]],
    ["accent-folded", "renee", [1]],
    ["at the very start", "first", [0]],
    ["at the very end", "everywhere", [2]],
    ["in several reviews", "e", [0, 1, 2]],
    ["nowhere", "chimney", []],
    ["across two reviews' boundary", "here renee", []],
    ["with a NUL", "here\u0000renee", []],
  ])("finds a needle %s", (_name, needle, expected) => {
    expect(matches(needle)).toEqual(expected);
  });
});

describe("text corpus: the bigram prefilter never drops a match", () => {
  // Small alphabets make bigrams collide often, across the 32-review words of the bitsets.
  const piece = fc.constantFrom("a", "b", "e", "é", "E", "1", "9", " ", "  ", "-", "'", "日", "ﬁ", "x y", "\u00a0");
  const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));

  it("agrees with folding each title and text and testing includes", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text), { minLength: 1, maxLength: 80 }), text, (reviews, rawNeedle) => {
        const needle = foldText(rawNeedle);
        fc.pre(needle !== "");
        const built = buildTextCorpus(
          reviews.map(([title]) => title),
          reviews.map(([, body]) => body),
        );
        const contains = built.matcher(needle);
        reviews.forEach(([title, body], position) => {
          const expected = (title !== null && foldText(title).includes(needle)) || foldText(body).includes(needle);
          expect(contains(position), `review ${position}`).toBe(expected);
        });
      }),
      { numRuns: 500 },
    );
  });

  it("finds a match in the last review of a partly filled bitset word", () => {
    const texts = Array.from({ length: 70 }, (_, i) => (i === 69 ? "heavy creosote" : "clean flue"));
    const built = buildTextCorpus(
      texts.map(() => null),
      texts,
    );
    const contains = built.matcher("creosote");
    expect(texts.map((_, i) => i).filter((i) => contains(i))).toEqual([69]);
  });
});
