import { describe, expect, it } from "vitest";
import { addTypos } from "../../scripts/absa/typos.ts";

// The slips of `npm run eval:absa -- --typos` (scripts/absa/typos.ts): the same on every run, in about the share of
// words asked for, one slip per word, never on a first letter or a short word.
const text = "The technician arrived early, explained everything, and cleaned the chimney thoroughly. Fair price too.";
const words = (s: string) => s.split(/[^A-Za-z]+/).filter(Boolean);

describe("addTypos", () => {
  it("gives the same slips for the same text, id and rate, and others for another id", () => {
    expect(addTypos(text, "a-1", 0.5)).toBe(addTypos(text, "a-1", 0.5));
    const ids = Array.from({ length: 10 }, (_, i) => addTypos(text, `a-${i}`, 0.5));
    expect(new Set(ids).size).toBeGreaterThan(1);
  });

  it("slips one letter of a longer word, keeping the first, and leaves short words and punctuation", () => {
    const slipped = addTypos(text, "a-1", 1);
    expect(slipped.replace(/[A-Za-z]/g, "")).toBe(text.replace(/[A-Za-z]/g, ""));
    words(text).forEach((word, i) => {
      const now = words(slipped)[i]!;
      if (word.length < 4) return expect(now).toBe(word);
      expect(now).not.toBe(word);
      expect(now[0]).toBe(word[0]);
      expect(Math.abs(now.length - word.length)).toBeLessThanOrEqual(1);
    });
  });

  it("slips about the share of words asked for", () => {
    const long = Array.from({ length: 200 }, (_, i) => `review ${i}: ${text}`);
    const slipped = long.map((t, i) => addTypos(t, `r-${i}`, 0.08));
    let total = 0;
    let changed = 0;
    long.forEach((t, i) =>
      words(t).forEach((word, k) => {
        if (word.length < 4) return;
        total += 1;
        if (words(slipped[i]!)[k] !== word) changed += 1;
      }),
    );
    expect(changed / total).toBeGreaterThan(0.05);
    expect(changed / total).toBeLessThan(0.11);
  });
});
