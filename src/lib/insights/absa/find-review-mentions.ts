import type { Aspect } from "../../schema/review.ts";
import { readSentences, type Sentence } from "../nlp/read-text.ts";
import { glossSpanish } from "../nlp/spanish-gloss.ts";
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
  /** The review's sentences, a long one cut into clauses (split-long-sentences.ts): what the rules and models read. */
  sentences: Sentence[];
  /** Per sentence (or clause), the whole sentence quoted as its evidence. */
  quotes: string[];
  mentions: Mention[];
  /**
   * Per sentence, the aspects whose words the lexicon read in another sense there ("paid the deposit on time"): the
   * learned models must not read them there.
   */
  blocked: Map<number, Set<Aspect>>;
}

/** Finds every aspect mention in a review text, sentence by sentence. */
export function findReviewMentions(input: ReviewInput): ReviewMentions {
  const { clauses: sentences, quotes } = splitLongSentences(input.text, glossSpanish(readSentences(input.text)));
  const names = collectNames(input.technicians ?? []);
  const blocked = new Map<number, Set<Aspect>>();
  const read = sentences.flatMap((sentence) => analyzeSentence(sentence, { names, blocked }));
  // A ticked highlight is the reviewer's own judgement: the lexicon's reading of that aspect in the line ("Critical:
  // Professionalism" read as praise of professionalism) gives way to it.
  const highlights = readHighlights(sentences);
  const ticked = new Set(highlights.map((m) => `${m.sentence} ${m.aspect}`));
  const mentions = [...read.filter((m) => !ticked.has(`${m.sentence} ${m.aspect}`)), ...highlights];
  return { sentences, quotes, mentions, blocked };
}
