import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

const CONTACT = new Set(["called", "booked", "emailed", "contacted", "phoned", "texted", "messaged", "scheduled", "call", "book"]);
const VISIT = new Set(["came", "come", "arrived", "showed", "here", "out", "swept", "inspected", "cleaned", "there", "done", "did", "finished"]);
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const RELATIVE_DAYS = new Set(["tomorrow", "next"]);

/** Index of a weekday within two tokens after `at`, or -1. */
function dayAfter(sentence: Sentence, at: number): number {
  for (let k = at + 1; k <= Math.min(sentence.tokens.length - 1, at + 2); k += 1) {
    const day = DAYS.indexOf(sentence.tokens[k]!.norm);
    if (day >= 0) return day;
  }
  return -1;
}

/**
 * "Called Monday, they were here Wednesday": a visit within a few days of
 * the first contact, stated with weekdays, is a positive scheduling opinion
 * (the same cue as "same week" or "next day", told with dates).
 */
export function findTurnaroundMentions(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  for (const sentence of sentences) {
    if (found.some((m) => m.sentence === sentence.index && m.aspect === "scheduling")) continue;
    const { tokens } = sentence;
    const contact = tokens.findIndex((t) => CONTACT.has(t.norm) && dayAfter(sentence, tokens.indexOf(t)) >= 0);
    if (contact < 0) continue;
    const from = dayAfter(sentence, contact);
    for (let i = contact + 2; i < tokens.length; i += 1) {
      if (!VISIT.has(tokens[i]!.norm)) continue;
      const to = dayAfter(sentence, i);
      const relative = RELATIVE_DAYS.has(tokens[i + 1]?.norm ?? "") && tokens[i + 2]?.norm === "day";
      const days = to >= 0 ? (to - from + 7) % 7 : relative ? 1 : -1;
      if (days >= 0 && days <= 3) return [{ aspect: "scheduling", polarity: 1, weight: 0.8, sentence: sentence.index }];
    }
  }
  return [];
}
