import type { Sentence, Token } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";
import { WORD_CLASSES } from "../lexicon/word-classes.ts";

const isWorkObject = WORD_CLASSES.get("workobj")!;
/** Parts of the system a crew works on, beyond the lexicon's work objects. */
const PARTS = new Set([
  "hose",
  "guard",
  "screen",
  "chamber",
  "cleanout",
  "chase",
  "termination",
  "transition",
  "wheel",
  "cabinet",
  "thimble",
  "plate",
  "seal",
  "logs",
  "burner",
  "pilot",
  "thermocouple",
  "ports",
  "assembly",
  "fan",
  "roof",
  "supply",
  "plenum",
  "boot",
  "boots",
  "cover",
  "covers",
  "nest",
]);
const FIRST_PERSON = new Set(["i", "we"]);

const BULLETS = new Set(["•", "-", "*", "–", "—", "·"]);
const NEGATORS = new Set(["not", "never", "no", "nobody", "without", "nothing"]);
/** A sentence names this many distinct tasks, or a list has this many items, to read as an account of thorough work. */
const TASKS = 3;
const ITEMS = 3;

/** A verb in a past or -ing form ("swept", "checked", "brushing"): something that was done. */
function isTask(token: Token): boolean {
  return (
    token.pos === "VERB" && token.norm !== token.lemma && !["was", "were", "had", "did", "got", "said", "told", "asked", "came", "went"].includes(token.norm)
  );
}

/** Distinct task verbs each followed, before the next comma, by a part of the system ("checked the crown"). */
function countTasks(tokens: readonly Token[]): number {
  const done = new Set<string>();
  tokens.forEach((token, i) => {
    if (!isTask(token)) return;
    for (let j = i + 1; j < Math.min(tokens.length, i + 6) && !tokens[j]!.isPunct; j += 1)
      if (isWorkObject(tokens[j]!) || PARTS.has(tokens[j]!.lemma)) {
        done.add(token.lemma);
        return;
      }
  });
  return done.size;
}

/**
 * "Swept the flue, checked the crown, resealed the chase top, swapped the
 * rusty cap and cleared the smoke shelf": a review that lists, item by item,
 * what the crew did is telling the reader the work was thorough
 * (LABELLING.md: effort and diligence are work_quality positive). Only when
 * nothing else in the review judges the work, and never a list of what they
 * did not do.
 */
export function findThoroughWork(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  if (found.some((m) => m.aspect === "work_quality")) return [];
  // Not a list of what they failed to do, nor of what the customer did.
  const negated = (s: Sentence) => s.tokens.some((t) => NEGATORS.has(t.norm) || FIRST_PERSON.has(t.norm));
  for (const sentence of sentences)
    if (!negated(sentence) && countTasks(sentence.tokens) >= TASKS) return [{ aspect: "work_quality", polarity: 1, weight: 0.7, sentence: sentence.index }];
  // A bulleted list: consecutive items, at least ITEMS of them tasks.
  let run: Sentence[] = [];
  for (const sentence of [...sentences, null]) {
    if (sentence !== null && BULLETS.has(sentence.tokens[0]?.text ?? "")) {
      if (negated(sentence)) run = [];
      else run.push(sentence);
      continue;
    }
    const tasks = run.filter((item) => countTasks(item.tokens) >= 1);
    if (tasks.length >= ITEMS) return [{ aspect: "work_quality", polarity: 1, weight: 0.7, sentence: tasks[0]!.index }];
    run = [];
  }
  return [];
}
