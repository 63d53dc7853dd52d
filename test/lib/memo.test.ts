import { describe, expect, it } from "vitest";
import { memoizeText } from "../../src/lib/memo.ts";

describe("memoizeText", () => {
  it("computes once per distinct key, including a key whose value is undefined", () => {
    const calls: string[] = [];
    const lengthOf = memoizeText(10, (key) => {
      calls.push(key);
      return key === "none" ? undefined : key.length;
    });
    expect([lengthOf("ab"), lengthOf("ab"), lengthOf("none"), lengthOf("none"), lengthOf("abc")]).toEqual([2, 2, undefined, undefined, 3]);
    expect(calls).toEqual(["ab", "none", "abc"]);
  });

  it("starts over past its limit and still answers every key right", () => {
    let calls = 0;
    const double = memoizeText(3, (key) => {
      calls += 1;
      return key + key;
    });
    for (const key of ["a", "b", "c", "d", "a", "e", "f", "g", "a"]) expect(double(key)).toBe(key + key);
    expect(calls).toBeLessThanOrEqual(9);
    expect(calls).toBeGreaterThan(3);
  });
});
