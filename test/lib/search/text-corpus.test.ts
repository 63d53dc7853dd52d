import { describe, expect, it } from "vitest";
import { buildTextCorpus } from "../../../src/lib/search/text-corpus.ts";

const corpus = buildTextCorpus(["Great SWEEP", null, "Soot"], ["first review ends here", "Renée was on time", "creosote everywhere"]);
const matches = (needle: string) => [...corpus.markMatches(needle)].flatMap((mark, i) => (mark ? [i] : []));

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
