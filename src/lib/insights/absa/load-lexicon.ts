import type { Aspect } from "../../schema/review.ts";
import type { LexiconEntry, CueData } from "../lexicon/cue-types.ts";
import { COMMUNICATION_CUES, DISHONESTY_CUES, PROFESSIONALISM_CUES } from "../lexicon/people-cues.ts";
import { CLEANLINESS_CUES, WORK_QUALITY_CUES } from "../lexicon/job-cues.ts";
import { WISH_PATTERNS, type WishData } from "../lexicon/negation-cues.ts";
import { OPINION_WORDS } from "../lexicon/opinion-words.ts";
import { PRICE_VALUE_CUES } from "../lexicon/price-cues.ts";
import { SPANISH_CUES } from "../lexicon/spanish-cues.ts";
import { PUNCTUALITY_CUES, SCHEDULING_CUES } from "../lexicon/timing-cues.ts";
import { WORD_CLASSES } from "../lexicon/word-classes.ts";
import { compilePatterns, type PatternIndex } from "./match-patterns.ts";

export interface Lexicon {
  cues: PatternIndex<CueData>;
  wishes: PatternIndex<WishData>;
}

let lexicon: Lexicon | null = null;

/** Every aspect cue, opinion word and block, in one list (order breaks ties between equal-length matches). */
export function listCueEntries(): LexiconEntry[] {
  return [
    ...PUNCTUALITY_CUES,
    ...SCHEDULING_CUES,
    ...DISHONESTY_CUES,
    ...PROFESSIONALISM_CUES,
    ...COMMUNICATION_CUES,
    ...CLEANLINESS_CUES,
    ...WORK_QUALITY_CUES,
    ...PRICE_VALUE_CUES,
    ...SPANISH_CUES,
    ...OPINION_WORDS,
  ];
}

/** Compiles the lexicons once, on first use. */
export function loadLexicon(): Lexicon {
  lexicon ??= {
    cues: compilePatterns(listCueEntries(), WORD_CLASSES),
    wishes: compilePatterns(WISH_PATTERNS, WORD_CLASSES),
  };
  return lexicon;
}

let targetWords: Map<string, Aspect | null> | null = null;

/**
 * The one-word aspect targets of the lexicon ("price", "invoice", "scheduling")
 * and their aspects: wink tags a capitalized one that opens a sentence as a
 * proper noun ("Price was fair"), which a target pattern restricted to nouns
 * would miss and the name rule would read as a person.
 */
export function loadTargetWords(): ReadonlyMap<string, Aspect | null> {
  if (targetWords) return targetWords;
  targetWords = new Map();
  for (const entry of listCueEntries())
    if (entry.data.kind === "target" && !entry.pattern.includes(" "))
      for (const word of entry.pattern.replace(/\/[A-Z]+$/, "").split("|"))
        if (/^[a-z]+$/.test(word) && !targetWords.has(word)) targetWords.set(word, entry.data.aspect);
  return targetWords;
}
