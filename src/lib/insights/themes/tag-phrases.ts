import type { PartOfSpeech } from "wink-nlp";
import { readSentences, type Token } from "../nlp/read-text.ts";
import type { Keyphrase } from "./extract-keyphrases.ts";
import { stemWord } from "./tokenize-words.ts";

/** How many of each candidate's reviews are read with wink-nlp's tagger (the first ones, in dataset order). */
const SAMPLE_PER_PHRASE = 4;
/** Candidates checked, best-scored first. */
const MAX_CANDIDATES = 240;
/**
 * At most this many reviews are tagged, whatever the corpus size: tagging
 * costs about as much as the aspect analysis, so the topics of 10,000 reviews
 * must not tag them all (bench/insights.bench.ts).
 */
const MAX_TAGGED = 320;
/** A candidate is a noun phrase when at least this share of its tagged occurrences reads as one. */
const MIN_NOUN_SHARE = 0.5;

const HEADS: ReadonlySet<PartOfSpeech> = new Set<PartOfSpeech>(["NOUN", "PROPN"]);
/** What may follow a noun phrase, but not begin a verb's object or complement. */
const AFTER_NOUN: ReadonlySet<PartOfSpeech> = new Set<PartOfSpeech>(["CCONJ", "SCONJ", "ADP", "AUX", "VERB"]);
const MODIFIERS: ReadonlySet<PartOfSpeech> = new Set<PartOfSpeech>(["NOUN", "PROPN", "ADJ"]);

/** Nouns and their modifiers, ending in a noun: "drop cloths", "stainless liner", "drying time", "cracked crown", "peace of mind". */
function isNounPhrase(tokens: readonly Token[], first: number, last: number): boolean {
  // wink's small model often tags the head of a compound as a verb ("dryer/NOUN vent/VERB", "shoe/NOUN covers/VERB"). After a
  // noun, a base form is taken as a noun; an inflected form too, unless what follows reads as its object or complement
  // ("repair stopped the leak", "house smells so much better").
  const end = tokens[last]!;
  const next = tokens[last + 1];
  const head =
    HEADS.has(end.pos) ||
    (last > first &&
      end.pos === "VERB" &&
      HEADS.has(tokens[last - 1]!.pos) &&
      (end.lemma === end.lower || next === undefined || next.isPunct || AFTER_NOUN.has(next.pos)));
  if (!head) return false;
  for (let i = first; i < last; i += 1) {
    const token = tokens[i]!;
    // "peace of mind", "layer of creosote": "of" between two nouns.
    if (token.lower === "of" && i > first && HEADS.has(tokens[i - 1]!.pos)) continue;
    // Participles modify nouns too ("drying time", "cracked tiles"); wink tags them VERB.
    if (!MODIFIERS.has(token.pos) && !(token.pos === "VERB" && /(?:ing|ed)$/.test(token.lower))) return false;
  }
  return true;
}

/** The reviews to tag: the first few of each candidate's, until the budget is spent. Deterministic. */
function pickSample(phrases: readonly Keyphrase[]): number[] {
  const sample = new Set<number>();
  for (const phrase of phrases.slice(0, MAX_CANDIDATES)) {
    let have = 0;
    for (const doc of phrase.docs) if (sample.has(doc) && (have += 1) >= SAMPLE_PER_PHRASE) break;
    for (const doc of phrase.docs) {
      if (have >= SAMPLE_PER_PHRASE || sample.size >= MAX_TAGGED) break;
      if (!sample.has(doc)) {
        sample.add(doc);
        have += 1;
      }
    }
  }
  return [...sample].sort((a, b) => a - b);
}

/**
 * Keeps the candidates that are noun phrases in context. Extraction cannot tell "drop cloths" from
 * "came back", so a bounded sample of the candidates' reviews goes through wink-nlp's
 * part-of-speech tagger, and a candidate stays when most of its occurrences there are a noun with
 * its modifiers; one not seen in the sample is dropped. Order is kept.
 */
export function keepNounPhrases(texts: readonly string[], phrases: readonly Keyphrase[]): Keyphrase[] {
  const candidates = new Map(phrases.slice(0, MAX_CANDIDATES).map((p) => [p.key, { seen: 0, nouns: 0 }]));
  const maxWords = Math.max(0, ...phrases.map((p) => p.words.length));
  for (const doc of pickSample(phrases)) {
    for (const sentence of readSentences(texts[doc]!)) {
      const tokens = sentence.tokens;
      const stems = tokens.map((t) => stemWord(t.lower));
      for (let first = 0; first < tokens.length; first += 1) {
        let key = "";
        for (let last = first; last < Math.min(tokens.length, first + maxWords); last += 1) {
          if (tokens[last]!.isPunct) break;
          key = last === first ? stems[last]! : `${key} ${stems[last]!}`;
          const counts = candidates.get(key);
          if (counts === undefined) continue;
          counts.seen += 1;
          if (isNounPhrase(tokens, first, last)) counts.nouns += 1;
        }
      }
    }
  }
  return phrases.filter((p) => {
    const counts = candidates.get(p.key);
    return counts !== undefined && counts.seen > 0 && counts.nouns / counts.seen >= MIN_NOUN_SHARE;
  });
}
