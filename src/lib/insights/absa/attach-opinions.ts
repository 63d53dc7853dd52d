import type { Aspect } from "../../schema/review.ts";
import type { Token } from "../nlp/read-text.ts";
import { WORD_CLASSES } from "../lexicon/word-classes.ts";
import type { CueMatch } from "./select-cues.ts";
import { loadTargetWords } from "./load-lexicon.ts";

/** An aspect term an opinion can attach to. `aspect: null` is generic ("service", "company"). */
export interface Target {
  start: number;
  end: number;
  aspect: Aspect | null;
  attached: boolean;
  /** "they", "it": too vague to absorb an opinion that has a default aspect of its own. */
  vague: boolean;
  /** "he"/"she": only the subject of a predicate ("he was great"), never a nearby target. */
  pronoun?: boolean;
}

export interface SentenceNames {
  names: ReadonlySet<string>;
}

const MAX_DISTANCE = 6;
const VAGUE = new Set(["they", "them"]);
const COPULA = new Set([
  "be",
  "is",
  "are",
  "was",
  "were",
  "'s",
  "'re",
  "been",
  "seemed",
  "seems",
  "seem",
  "looked",
  "looks",
  "look",
  "felt",
  "feels",
  "feel",
  "went",
  "goes",
  "stayed",
]);
const DEGREE = new Set([
  "very",
  "so",
  "really",
  "super",
  "pretty",
  "extremely",
  "incredibly",
  "quite",
  "always",
  "just",
  "also",
  "too",
  "truly",
  "genuinely",
  "absolutely",
  "more",
  "most",
  "a",
  "an",
  "the",
  "bit",
  "little",
  "all",
  "nothing",
  "beyond",
  "exceptionally",
  "remarkably",
  "consistently",
]);
const RELATIVE = new Set(["who", "that", "which", "whom"]);
const WITH_OPINIONS = new Set(["happy", "pleased", "satisfied", "impressed", "thrilled", "delighted", "disappointed", "unhappy", "dissatisfied"]);
const isWorkObject = WORD_CLASSES.get("workobj")!;
const isHome = WORD_CLASSES.get("home")!;
const isStaff = WORD_CLASSES.get("staff")!;

/** Lexicon targets plus the review's technician names and "he"/"she" (people: no aspect of their own). */
export function findTargets(tokens: readonly Token[], cues: readonly CueMatch[], context: SentenceNames): Target[] {
  const targets: Target[] = cues
    .filter((c) => c.data.kind === "target")
    .map((c) => {
      // A person ("the crew", "the tech") is vague like "they": a word with an aspect of its own keeps it ("the crew was nice").
      const word = tokens[c.start]!;
      const vague = c.end - c.start === 1 && (VAGUE.has(word.norm) || (c.data.aspect === null && isStaff(word)));
      return { start: c.start, end: c.end, aspect: c.data.aspect, attached: false, vague };
    });
  const covered = new Set<number>();
  for (const c of cues) for (let j = c.start; j < c.end; j += 1) covered.add(j);
  const opening = tokens.findIndex((t) => !t.isPunct);
  tokens.forEach((token, i) => {
    if (covered.has(i)) return;
    // "Price was fair": wink reads a capitalized aspect noun that opens the sentence as a name.
    const targetWord = i === opening && token.pos === "PROPN" ? loadTargetWords().get(token.norm) : undefined;
    if (targetWord !== undefined && !context.names.has(token.norm)) {
      targets.push({ start: i, end: i + 1, aspect: targetWord, attached: false, vague: false });
      return;
    }
    // A technician's name, or a capitalized name opening a "Name is/was ..." sentence.
    // "Tidwell's is alright" names the company; "Cap is fine" is the part, not a person.
    const possessive = tokens[1]?.norm === "'s" && ["is", "was"].includes(tokens[2]?.norm ?? "");
    const opensPredicate =
      i === 0 &&
      token.pos === "PROPN" &&
      /^[A-Z][a-z]+$/.test(token.text) &&
      ["is", "was", "'s"].includes(tokens[1]?.norm ?? "") &&
      !possessive &&
      !isWorkObject(token) &&
      !isHome(token);
    const isName = (context.names.has(token.norm) && /^[A-Z]/.test(token.text)) || opensPredicate;
    const isPronoun = token.pos === "PRON" && (token.norm === "he" || token.norm === "she");
    // "Dana was great" praises a person with no dimension: no aspect (docs/aspects.md). The target still takes the generic
    // opinion, so it does not fall to another aspect, while "he was prompt" keeps the opinion's own aspect.
    if (isName || isPronoun) targets.push({ start: i, end: i + 1, aspect: null, attached: false, vague: true, pronoun: isPronoun });
  });
  return targets.sort((a, b) => a.start - b.start);
}

function distanceBetween(tokens: readonly Token[], a: { start: number; end: number }, b: { start: number; end: number }): number {
  const [from, to] = a.end <= b.start ? [a.end, b.start] : [b.end, a.start];
  let distance = 0;
  for (let j = from; j < to; j += 1) distance += tokens[j]!.text === "," ? 3 : 1;
  return distance;
}

/** The copula before a predicate adjective ("was" in "the work was really fine"), or -1. */
function findCopula(tokens: readonly Token[], cue: CueMatch): number {
  let j = cue.start - 1;
  while (j >= 0 && (DEGREE.has(tokens[j]!.norm) || tokens[j]!.pos === "ADV")) j -= 1;
  const verb = tokens[j];
  return verb && (COPULA.has(verb.norm) || (COPULA.has(verb.lemma) && verb.pos === "AUX")) ? j : -1;
}

/** "The work was fine", "Kevin was great": a predicate adjective takes its subject, the nearest noun target before the verb. */
function findSubject(tokens: readonly Token[], targets: readonly Target[], cue: CueMatch, clauses: readonly number[]): Target | null {
  const j = findCopula(tokens, cue);
  if (j < 0) return null;
  // "The woman who booked my sweep was lovely": the subject is the noun before the relative pronoun.
  let limit = j;
  for (let k = j - 1; k >= 0 && clauses[k] === clauses[cue.start]; k -= 1) if (RELATIVE.has(tokens[k]!.norm)) limit = k;
  let best: Target | null = null;
  for (const target of targets)
    if (target.end <= limit && clauses[target.start] === clauses[cue.start] && tokens[target.start]!.pos !== "VERB" && !target.vague && j - target.end <= 8)
      best = target;
  // "Marcus say that pellet ash is very fine": another noun stands between, so the name is not the subject.
  const SUBJECTS = ["he", "she", "it", "they", "i", "we", "you"];
  const blocks = (k: number) => {
    const t = tokens[k]!;
    const inPhrase = [tokens[k - 1], tokens[k - 2]].some((p) => p?.pos === "ADP");
    return ((t.pos === "NOUN" || t.pos === "PROPN") && !inPhrase) || SUBJECTS.includes(t.norm);
  };
  if (best) for (let k = best.end; k < limit; k += 1) if (blocks(k)) best = null;
  return best ?? findInstalledSubject(tokens, cue, j, clauses);
}

const INSTALL_VERBS = new Set(["put", "installed", "built", "poured", "rebuilt", "did", "replaced", "fitted", "set"]);

/** "The cap they put on is solid": a work object that the sentence says they installed is the work's result. */
function findInstalledSubject(tokens: readonly Token[], cue: CueMatch, copula: number, clauses: readonly number[]): Target | null {
  for (let k = copula - 1; k >= Math.max(0, copula - 8); k -= 1) {
    if (clauses[k] !== clauses[cue.start]) return null;
    if (!isWorkObject(tokens[k]!) || tokens[k]!.pos !== "NOUN") continue;
    const between = tokens.slice(k + 1, copula);
    const installed = between.some((t) => INSTALL_VERBS.has(t.norm)) && between.some((t) => ["they", "he", "she", "you"].includes(t.norm));
    return installed || tokens.slice(copula, cue.end + 2).some((t) => t.norm === "now")
      ? { start: k, end: k + 1, aspect: "work_quality", attached: false, vague: false }
      : null;
  }
  return null;
}

/** "Happy with the new cap and the sweep": the opinion takes the first target after "with" (a work object counts as work). */
function findWithObject(tokens: readonly Token[], targets: readonly Target[], cue: CueMatch, clauses: readonly number[]): Target | null {
  const word = tokens[cue.start]!;
  if (!(WITH_OPINIONS.has(word.lemma) || WITH_OPINIONS.has(word.norm)) || tokens[cue.end]?.norm !== "with") return null;
  for (let j = cue.end + 1; j < tokens.length && clauses[j] === clauses[cue.start]; j += 1) {
    const target = targets.find((t) => t.start === j);
    if (target) return target;
    if (isWorkObject(tokens[j]!)) return { start: j, end: j + 1, aspect: "work_quality", attached: false, vague: false };
  }
  return null;
}

/** An adjective right before a noun that is not a target describes that noun ("simple questions"), not an aspect. */
function describesOtherNoun(tokens: readonly Token[], targets: readonly Target[], cue: CueMatch): boolean {
  const next = tokens[cue.end];
  return tokens[cue.end - 1]!.pos === "ADJ" && next !== undefined && next.pos === "NOUN" && !targets.some((t) => t.start === cue.end);
}

const AUXILIARIES = new Set(["does", "did", "do", "has", "have", "had", "will", "would", "can", "could", "still", "now", "honestly", "not"]);

/**
 * "The brick match is really nice", "the glass does look nice": a predicate
 * whose subject is a noun that is no aspect target judges that thing, so the
 * opinion word's default aspect does not apply either.
 */
export function predicatesOtherNoun(tokens: readonly Token[], cue: CueMatch, clauses: readonly number[]): boolean {
  const copula = findCopula(tokens, cue);
  if (copula < 0) return false;
  let j = copula - 1;
  while (j >= 0 && clauses[j] === clauses[cue.start] && (AUXILIARIES.has(tokens[j]!.norm) || DEGREE.has(tokens[j]!.norm) || tokens[j]!.pos === "ADV")) j -= 1;
  return j >= 0 && clauses[j] === clauses[cue.start] && tokens[j]!.pos === "NOUN" && !isStaff(tokens[j]!);
}

/** The target a general opinion word evaluates, or null when it has none in reach. */
export function attachOpinion(tokens: readonly Token[], targets: readonly Target[], cue: CueMatch, clauses: readonly number[]): Target | null {
  const special = findSubject(tokens, targets, cue, clauses) ?? findWithObject(tokens, targets, cue, clauses);
  if (special) return special;
  // A predicate about something that is not a target ("the ash is very fine") or an adjective on another noun ("simple questions").
  if (findCopula(tokens, cue) >= 0 || describesOtherNoun(tokens, targets, cue)) return null;
  let best: Target | null = null;
  let bestDistance = Infinity;
  for (const target of targets) {
    if (clauses[target.start] !== clauses[cue.start] || target.pronoun) continue;
    if (target.start < cue.end && cue.start < target.end) continue;
    const distance = distanceBetween(tokens, cue, target);
    if (distance <= MAX_DISTANCE && distance < bestDistance) {
      best = target;
      bestDistance = distance;
    }
  }
  return best;
}
