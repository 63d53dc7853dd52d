import { describe, expect, it } from "vitest";
import { compilePatterns, findAllMatches, selectLongestMatches } from "../../../src/lib/insights/absa/match-patterns.ts";
import { readSentences } from "../../../src/lib/insights/nlp/read-text.ts";
import { WORD_CLASSES } from "../../../src/lib/insights/lexicon/word-classes.ts";

const CLASSES = new Map([["pet", (t: { norm: string }) => ["dog", "cat"].includes(t.norm)]]);

function matches(pattern: string, text: string): string[] {
  const index = compilePatterns([{ pattern, data: null }], CLASSES as never);
  const tokens = readSentences(text).flatMap((s) => s.tokens);
  return selectLongestMatches(findAllMatches(index, tokens)).map((m) =>
    tokens
      .slice(m.start, m.end)
      .map((t) => t.text)
      .join(" "),
  );
}

describe("pattern language", () => {
  it.each<[string, string, string[]]>([
    ["on time", "They were on time.", ["on time"]],
    ["show up late", "He showed up late again.", ["showed up late"]],
    ["(right|just)? on time", "Right on time.", ["Right on time"]],
    ["(kept me waiting|stood me up)", "They stood me up.", ["stood me up"]],
    ["left .. mess", "They left a huge mess.", ["left a huge mess"]],
    ["left .. mess", "They left and there was a mess.", []],
    ["#num minutes late", "About 45 minutes late.", ["45 minutes late"]],
    ["#money more", "It was $50 more.", ["$ 50 more"]],
    ["#money off", "They took $30 off.", ["$ 30 off"]],
    ["careful with the @pet", "Careful with the cat.", ["Careful with the cat"]],
    ["double-booked", "They double-booked me.", ["double - booked"]],
    ["cleaned/VERB", "They cleaned the flue.", ["cleaned"]],
    ["cleaned/NOUN", "They cleaned the flue.", []],
  ])("%s in %s", (pattern, text, expected) => {
    expect(matches(pattern, text)).toEqual(expected);
  });

  it("rejects unbalanced parentheses", () => {
    expect(() => compilePatterns([{ pattern: "(on time", data: null }], new Map())).toThrow(/unbalanced/);
  });
});

describe("token tests", () => {
  it("look at what a token is, never where it is or its flags (the matcher caches results per word and tag)", () => {
    const tokens = readSentences("Dana and the crew cleaned the flue for $180 at 8am; the work was great, not messy. Our roofer left dust.").flatMap(
      (s) => s.tokens,
    );
    const placeAndFlags = new Set<PropertyKey>(["start", "end", "negated", "lineStart"]);
    for (const [name, test] of WORD_CLASSES)
      for (const token of tokens) {
        const guarded = new Proxy(token, {
          get(target, key, receiver) {
            if (placeAndFlags.has(key)) throw new Error(`@${name} reads ${String(key)}`);
            return Reflect.get(target, key, receiver) as unknown;
          },
        });
        expect(() => test(guarded)).not.toThrow();
      }
  });
});
