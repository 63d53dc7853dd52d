import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldText } from "../../../src/lib/search/normalize.ts";

describe("foldText", () => {
  it.each([
    ["plain ASCII", "Heavy Creosote", "heavy creosote"],
    ["accents", "Renée O'Brien", "renee o'brien"],
    ["compatibility forms", "ﬁreplace", "fireplace"],
    ["double spaces", "dryer  vent", "dryer vent"],
    ["tabs and newlines", "dryer\tvent\r\ncleaning", "dryer vent cleaning"],
    ["no-break space", "dryer\u00a0vent", "dryer vent"],
    ["leading and trailing space", "  soot  ", "soot"],
    ["a lone space only", "a b c", "a b c"],
    ["empty", "", ""],
  ])("folds %s", (_name, input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
});

describe("foldText's whitespace shortcut", () => {
  // The straightforward formula it must equal: the shortcut only skips a replace that would change nothing.
  const reference = (text: string) => {
    const base = /[^\u0000-\u007f]/u.test(text) ? text.normalize("NFKD").replace(/\p{M}+/gu, "") : text; // eslint-disable-line no-control-regex
    return base.toLowerCase().replace(/\s+/g, " ").trim();
  };
  const piece = fc.constantFrom("a", "B", "é", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\ufeff", "\u3000", "x y", "-");

  it("folds every string as the formula without it does", () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 20 }).map((parts) => parts.join("")),
        (text) => {
          expect(foldText(text)).toBe(reference(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
