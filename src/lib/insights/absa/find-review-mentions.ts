import type { Aspect } from "../../schema/review.ts";
import { readSentences, type Sentence } from "../nlp/read-text.ts";
import { analyzeSentence, type Mention } from "./analyze-sentence.ts";
import { findArrivalMentions } from "./find-arrival-times.ts";
import { findTurnaroundMentions } from "./find-turnaround.ts";
import { findThoroughWork } from "./find-thorough-work.ts";
import { findUndisclosedFees } from "./find-undisclosed-fees.ts";
import { findImplicitValueMentions, findQuoteVersusBill, findShortJobPrice } from "./find-implicit-value.ts";
import { ALL_RULES_ON, type RuleFamily, type RulesOff } from "./rule-families.ts";
import { settleBoundaries } from "./settle-boundaries.ts";

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

type ReviewRule = (sentences: readonly Sentence[], found: readonly Mention[]) => Mention[];

/** The review-level rules, in the order they run (later ones see what earlier ones found). */
const REVIEW_RULES: ReadonlyArray<[RuleFamily, ReviewRule]> = [
  ["arrival-times", findArrivalMentions],
  ["quote-vs-bill", findQuoteVersusBill],
  ["turnaround", findTurnaroundMentions],
  ["undisclosed-fees", findUndisclosedFees],
  ["short-job-price", findShortJobPrice],
  ["thorough-work", findThoroughWork],
];

/** Finds every aspect mention in a review text, sentence by sentence, then the review-level rules. */
export function findReviewMentions(input: ReviewInput, off: RulesOff = ALL_RULES_ON): ReviewMentions {
  const sentences = readSentences(input.text);
  const names = collectNames(input.technicians ?? []);
  const sarcastic = off.has("sarcasm") ? new Set<number>() : findEchoQuestions(sentences);
  const setAside = new Set<number>();
  const blocked = new Map<number, Set<Aspect>>();
  const mentions = sentences.flatMap((sentence) => {
    const found = analyzeSentence(sentence, { names, sarcastic: sarcastic.has(sentence.index), setAside, blocked, off });
    return off.has("implicit-value") ? found : [...found, ...findImplicitValueMentions(sentence, found)];
  });
  // Each rule sees what the rules before it found, as one batch per rule.
  for (const [family, rule] of REVIEW_RULES) if (!off.has(family)) mentions.push(...rule(sentences, mentions));
  // A frame ("one star off because ...") only fills in when its sentence has no explicit opinion of its own.
  const explicit = new Set(mentions.filter((m) => !m.framed).map((m) => m.sentence));
  const kept = mentions.filter((m) => !m.framed || !explicit.has(m.sentence));
  return { sentences, mentions: off.has("boundaries") ? kept : settleBoundaries(sentences, kept), setAside, blocked };
}
