import { describe, expect, it } from "vitest";
import { memoizeBytes, memoizeText } from "../../src/lib/memo.ts";

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

describe("memoizeBytes", () => {
  const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

  it("encodes once per key and hands back the same bytes", () => {
    let encoded = 0;
    const memo = memoizeBytes({ maxBytes: 100, maxEntryBytes: 50 });
    const encode = () => {
      encoded += 1;
      return bytesOf("hello");
    };
    const first = memo("a", encode);
    expect(memo("a", encode)).toBe(first);
    expect(encoded).toBe(1);
    expect(Buffer.from(first).toString()).toBe("hello");
  });

  it("never keeps a body over the entry limit", () => {
    let encoded = 0;
    const memo = memoizeBytes({ maxBytes: 100, maxEntryBytes: 4 });
    for (let i = 0; i < 3; i += 1)
      memo("big", () => {
        encoded += 1;
        return bytesOf("hello");
      });
    expect(encoded).toBe(3);
  });

  it("starts over past its byte budget, and every key still gets its own bytes", () => {
    const encodedKeys: string[] = [];
    const memo = memoizeBytes({ maxBytes: 10, maxEntryBytes: 10 });
    const get = (key: string) =>
      Buffer.from(
        memo(key, () => {
          encodedKeys.push(key);
          return bytesOf(key.repeat(4));
        }),
      ).toString();
    expect([get("a"), get("b"), get("a"), get("c"), get("a")]).toEqual(["aaaa", "bbbb", "aaaa", "cccc", "aaaa"]);
    // a and b fill 8 of 10 bytes; c clears them, so a is encoded again.
    expect(encodedKeys).toEqual(["a", "b", "c", "a"]);
  });
});
