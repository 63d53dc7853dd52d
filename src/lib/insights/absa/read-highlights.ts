import type { Aspect } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

/**
 * Google's review form lets a reviewer of a home service tick highlights under
 * the text, which the review then carries as lines such as
 * "Positive: Professionalism, Punctuality, Quality, Responsiveness, Value" or
 * "Critical: Quality". Each name is a verdict on one aspect (docs/aspects.md),
 * as plain as a sentence saying it, but a list the word patterns cannot read
 * past its first comma. A line counts only when every item is one of the
 * form's names, so free text after "Positive:" is left to the lexicon.
 */
const HIGHLIGHTS = new Map<string, Aspect>([
  ["professionalism", "professionalism"],
  ["punctuality", "punctuality"],
  ["quality", "work_quality"],
  ["responsiveness", "communication"],
  ["value", "price_value"],
]);

const SIDES = new Map<string, 1 | -1>([
  ["positive", 1],
  ["critical", -1],
]);

const LINE = /^[ \t]*(positive|critical)[ \t]*:[ \t]*(.+?)[ \t]*$/gim;

/** The aspects a highlights line in one of the sentences ticks, as mentions of full weight. */
export function readHighlights(sentences: readonly Sentence[]): Mention[] {
  const mentions: Mention[] = [];
  sentences.forEach((sentence, index) => {
    for (const [, side, list] of sentence.text.matchAll(LINE)) {
      const items = list!.split(",").map((item) => item.trim().toLowerCase());
      if (!items.every((item) => HIGHLIGHTS.has(item))) continue;
      for (const item of new Set(items))
        mentions.push({ aspect: HIGHLIGHTS.get(item)!, polarity: SIDES.get(side!.toLowerCase())!, weight: 1, sentence: index, ticked: true });
    }
  });
  return mentions;
}
