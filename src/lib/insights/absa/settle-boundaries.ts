import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";
import { FEE_WORDS } from "./find-undisclosed-fees.ts";

/** Words that put a call or text on the way to the customer: "texted he was on his way", "an ETA". */
const ARRIVING = /\b(on (the|his|her|their|my) way|eta|en route|\d+ (minutes|mins) (out|away)|heading (over|out|this way)|running (late|behind))\b/i;

/**
 * Settles the aspect of cues that depend on what they are about
 * (docs/aspects.md, "Where aspects meet"):
 * - a call or text about arriving is punctuality: in a sentence that says so,
 *   or next to a punctuality opinion in it or the sentence before ("Two hours
 *   late. Didn't even call.");
 * - not being told about a fee or a charge is price_value only.
 * Everywhere else they stay communication.
 */
export function settleBoundaries(sentences: readonly Sentence[], mentions: readonly Mention[]): Mention[] {
  const punctual = new Set(mentions.filter((m) => m.aspect === "punctuality" && !m.boundary).map((m) => m.sentence));
  const priced = new Set(mentions.filter((m) => m.aspect === "price_value").map((m) => m.sentence));
  return mentions.map((mention) => {
    const sentence = sentences[mention.sentence]!;
    if (mention.boundary === "call-ahead") {
      const arriving = punctual.has(mention.sentence) || punctual.has(mention.sentence - 1) || ARRIVING.test(sentence.text);
      return arriving ? { ...mention, aspect: "punctuality" } : mention;
    }
    if (mention.boundary === "not-told") {
      const aboutMoney = priced.has(mention.sentence) || sentence.tokens.some((t) => FEE_WORDS.has(t.norm));
      return aboutMoney ? { ...mention, aspect: "price_value", polarity: -1 } : mention;
    }
    return mention;
  });
}
