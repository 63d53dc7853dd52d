import type { Aspect } from "../../schema/review.ts";
import type { Sentence } from "../nlp/read-text.ts";
import { findAllMatches, indexPositions } from "./match-patterns.ts";
import { loadLexicon } from "./load-lexicon.ts";
import { selectCues, type CueMatch } from "./select-cues.ts";
import { markClauses } from "./mark-clauses.ts";
import { isNegated } from "./find-negation.ts";
import { attachOpinion, findTargets, predicatesOtherNoun, type SentenceNames, type Target } from "./attach-opinions.ts";

/** One opinion about one aspect, found in one sentence. */
export interface Mention {
  aspect: Aspect;
  polarity: 1 | -1;
  weight: number;
  sentence: number;
  /** Token index of the cue in its sentence. */
  at?: number;
  /** Ticked in a line of the review form's highlights (read-highlights.ts): the aspect is judged whatever the presence model says. */
  ticked?: true;
}

export interface SentenceContext extends SentenceNames {
  /**
   * Filled in: per sentence, the aspects whose words the lexicon read in another sense there ("paid the deposit on time");
   * the learned models must not read those aspects there.
   */
  blocked?: Map<number, Set<Aspect>>;
}

/** Finds the aspect opinions in one sentence. */
export function analyzeSentence(sentence: Sentence, context: SentenceContext): Mention[] {
  const { tokens } = sentence;
  const lexicon = loadLexicon();
  const positions = indexPositions(tokens);
  const blocks: CueMatch[] | undefined = context.blocked ? [] : undefined;
  const cues = selectCues(lexicon.cues, tokens, positions, blocks);
  // The aspects the learned models must not read in this sentence (SentenceContext.blocked).
  const aside = blocks?.flatMap((match) => (match.data.aspect ? [match.data.aspect] : [])) ?? [];
  if (aside.length > 0) context.blocked!.set(sentence.index, new Set(aside));
  if (cues.length === 0) return [];
  const clauses = markClauses(tokens);
  const targets = findTargets(tokens, cues, context);
  const wishes = findAllMatches(lexicon.wishes, tokens, positions);
  // "I wish he had been on time": praise in a wish is its absence.
  const wished = (at: number) => wishes.some((wish) => wish.start < at && clauses[wish.start] === clauses[at]);

  const mentions: Mention[] = [];
  const emit = (aspect: Aspect, polarity: number, weight: number, at: number) => {
    if (polarity !== 0) mentions.push({ aspect, polarity: polarity > 0 ? 1 : -1, weight, sentence: sentence.index, at });
  };

  for (const cue of cues) {
    if (cue.data.kind !== "cue" && cue.data.kind !== "opinion") continue;
    // A negator flips the cue it governs: "not rude", "never on time" (find-negation.ts).
    let polarity: number = isNegated(tokens, cues, cue, clauses) ? -cue.data.polarity : cue.data.polarity;
    if (polarity > 0 && wished(cue.start)) polarity = -1;
    if (cue.data.kind === "cue") {
      emit(cue.data.aspect!, polarity, cue.data.weight, cue.start);
      if (cue.data.also) emit(cue.data.also, polarity, cue.data.weight, cue.start);
      continue;
    }
    const target = attachOpinion(tokens, targets, cue, clauses) ?? nextToAspectCue(cue);
    if (target) target.attached = true;
    if (target && (target.aspect !== null || !target.vague || cue.data.aspect === null)) {
      if (target.aspect) emit(target.aspect, polarity, Math.min(cue.data.weight, 0.9), cue.start);
    } else if (cue.data.aspect && !predicatesOtherNoun(tokens, cue, clauses)) emit(cue.data.aspect, polarity, Math.min(cue.data.weight, 0.8), cue.start);
  }
  return mentions;

  /** "The online scheduler kept crashing": with no target, an opinion right next to an aspect cue judges that aspect. */
  function nextToAspectCue(opinion: CueMatch): Target | null {
    const near = cues.find(
      (c) =>
        c.data.kind === "cue" && c.data.aspect !== null && clauses[c.start] === clauses[opinion.start] && (c.end === opinion.start || opinion.end === c.start),
    );
    return near ? { start: near.start, end: near.end, aspect: near.data.aspect, attached: false, vague: false } : null;
  }
}
