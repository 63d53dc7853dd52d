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
