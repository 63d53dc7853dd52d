import type { Aspect } from "../../schema/review.ts";
import { readSentences, type Sentence } from "../nlp/read-text.ts";
import { glossEmoji } from "../nlp/emoji-gloss.ts";
import { glossSpanish } from "../nlp/spanish-gloss.ts";
import { glossSpelling, type SpellingList } from "../nlp/spelling-gloss.ts";
import { analyzeSentence, type Mention } from "./analyze-sentence.ts";
import { readHighlights } from "./read-highlights.ts";
import { splitLongSentences } from "./split-long-sentences.ts";

export interface ReviewInput {
  text: string;
  rating: number;
  /** Technician ids (e.g. "dana-okafor"): their names are people, whose praise alone names no aspect. */
  technicians?: readonly string[];
}

function collectNames(technicians: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const id of technicians) for (const part of id.split("-")) if (part.length > 1) names.add(part);
  return names;
}

export interface ReviewMentions {
  /**
   * What the rules and models read: the review's sentences, each long one cut into clauses (split-long-sentences.ts).
   * A mention's `sentence` and the keys of `blocked` index this list.
   */
  sentences: Sentence[];
  /** The sentences as written, before any was cut: evidence quotes one of these whole. */
  whole: Sentence[];
  /** Per entry of `sentences`, the index in `whole` of the sentence it belongs to. */
  sentenceOf: number[];
  mentions: Mention[];
  /**
   * Per sentence or clause, the aspects whose words the lexicon read in another sense there ("paid the deposit on time"): the
   * learned models must not read them there.
   */
  blocked: Map<number, Set<Aspect>>;
}

/**
 * Finds every aspect mention in a review text, sentence by sentence. With a spelling list (the model's), misspelt
 * words are read as the list's words first (spelling-gloss.ts).
 */
export function findReviewMentions(input: ReviewInput, spelling: SpellingList | null = null): ReviewMentions {
  const read = readSentences(input.text);
  const whole = glossEmoji(glossSpanish(spelling ? glossSpelling(read, spelling) : read));
  const { clauses: sentences, sentenceOf } = splitLongSentences(input.text, whole);
  const names = collectNames(input.technicians ?? []);
  const blocked = new Map<number, Set<Aspect>>();
  const found = sentences.flatMap((sentence) => analyzeSentence(sentence, { names, blocked }));
  // A ticked highlight is the reviewer's own judgement: the lexicon's reading of that aspect in the line ("Critical:
  // Professionalism" read as praise of professionalism) gives way to it. A tick list is a whole line, never the first
  // clause of a longer one ("Positive: Quality, the tech was late and ..."); a real one is too short to be cut, so its
  // first clause is the line itself.
  const highlights = readHighlights(whole).map((m) => ({ ...m, sentence: sentenceOf.indexOf(m.sentence) }));
  const ticked = new Set(highlights.map((m) => `${m.sentence} ${m.aspect}`));
  const mentions = [...found.filter((m) => !ticked.has(`${m.sentence} ${m.aspect}`)), ...highlights];
  return { sentences, whole, sentenceOf, mentions, blocked };
}
