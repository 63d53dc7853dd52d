import type { Aspect } from "../../schema/review.ts";
import { readSentences, type Sentence } from "../nlp/read-text.ts";
import { analyzeSentence, type Mention } from "./analyze-sentence.ts";
import { findArrivalMentions } from "./find-arrival-times.ts";
import { findTurnaroundMentions } from "./find-turnaround.ts";
import { findThoroughWork } from "./find-thorough-work.ts";
import { findUndisclosedFees } from "./find-undisclosed-fees.ts";
import { findImplicitValueMentions, findQuoteVersusBill, findShortJobPrice } from "./find-implicit-value.ts";

export interface ReviewInput {
  text: string;
  rating: number;
  /** Technician ids (e.g. "dana-okafor"); their names make "Dana was great" a professionalism opinion. */
  technicians?: readonly string[];
}

function collectNames(technicians: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const id of technicians) for (const part of id.split("-")) if (part.length > 1) names.add(part);
  return names;
}

/** "Tarp? What tarp?": a question echoed with "What ...?" is sarcastic; both sentences are marked. */
function findEchoQuestions(sentences: readonly Sentence[]): Set<number> {
  const marked = new Set<number>();
  sentences.forEach((sentence, i) => {
    const words = sentence.tokens.filter((t) => !t.isPunct).map((t) => t.norm);
    const asks = sentence.tokens.at(-1)?.text === "?";
    if (!asks || words[0] !== "what" || words.length < 2 || words.length > 4) return;
    const echoed = words.slice(1).join(" ");
    const previous = sentences[i - 1];
    const previousWords =
      previous?.tokens
        .filter((t) => !t.isPunct)
        .map((t) => t.norm)
        .join(" ") ?? "";
    if (previous && previous.tokens.at(-1)?.text === "?" && previousWords.endsWith(echoed)) {
      marked.add(i);
      marked.add(previous.index);
    }
  });
  return marked;
}

export interface ReviewMentions {
  sentences: Sentence[];
  mentions: Mention[];
  /** Sentences where a cue was set aside (another party, a staff claim, a hedge). */
  setAside: Set<number>;
  /** Per sentence, the aspects the lexicon read in another sense there. */
  blocked: Map<number, Set<Aspect>>;
}

/** Finds every aspect mention in a review text, sentence by sentence. */
export function findReviewMentions(input: ReviewInput): ReviewMentions {
  const sentences = readSentences(input.text);
  const names = collectNames(input.technicians ?? []);
  const sarcastic = findEchoQuestions(sentences);
  const setAside = new Set<number>();
  const blocked = new Map<number, Set<Aspect>>();
  const mentions = sentences.flatMap((sentence) => {
    const found = analyzeSentence(sentence, { names, sarcastic: sarcastic.has(sentence.index), setAside, blocked });
    return [...found, ...findImplicitValueMentions(sentence, found)];
  });
  mentions.push(...findArrivalMentions(sentences, mentions), ...findQuoteVersusBill(sentences, mentions), ...findTurnaroundMentions(sentences, mentions));
  mentions.push(...findUndisclosedFees(sentences, mentions), ...findShortJobPrice(sentences, mentions), ...findThoroughWork(sentences, mentions));
  // A frame ("one star off because ...") only fills in when its sentence has no explicit opinion of its own.
  const explicit = new Set(mentions.filter((m) => !m.framed).map((m) => m.sentence));
  return { sentences, mentions: mentions.filter((m) => !m.framed || !explicit.has(m.sentence)), setAside, blocked };
}
