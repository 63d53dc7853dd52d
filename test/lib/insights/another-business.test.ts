import { describe, expect, it } from "vitest";
import { namesAnotherBusiness } from "../../../src/lib/insights/absa/another-business.ts";

describe("namesAnotherBusiness", () => {
  it.each([
    "The other company we use before, three years they sweep from inside and never go up on the roof one time.",
    'After a small lint fire (six months after another company had supposedly "cleaned" it) I switched to Keystone.',
    "Our previous contractor left the crown cracked.",
    "Called the other place and they were out the next week.",
    "Way cheaper than the competitors.",
    "La otra compañía nunca limpió el ducto.",
    "Otra compania nos cobró el doble.",
    "The other two companies wanted to rebuild the whole crown.",
    "Another chimney company told us the liner was shot.",
  ])("reads %j as about another business", (sentence) => {
    expect(namesAnotherBusiness(sentence)).toBe(true);
  });

  // This company's own people and visits, and other senses of the words.
  it.each([
    "The other tech, Chris, cleaned up after himself.",
    "The new guy was great.",
    "The last crew they sent was late.",
    "Last time they were here it took an hour.",
    "They have other services too, and the company answers the phone.",
    "Best business in the Lehigh Valley.",
    "Kevin did the ducts at our old place in Bethlehem.",
    "The house is a different place in the winter now.",
  ])("reads %j as not about another business", (sentence) => {
    expect(namesAnotherBusiness(sentence)).toBe(false);
  });
});
