import type { Aspect } from "../../schema/review.ts";
import type { Sentence, Token } from "../nlp/read-text.ts";
import { WORD_CLASSES } from "../lexicon/word-classes.ts";
import type { CueData } from "../lexicon/cue-types.ts";
import type { MarkerData, MarkerKind } from "../lexicon/modifier-cues.ts";
import { findAllMatches, indexPositions, type PatternMatch } from "./match-patterns.ts";
import { loadLexicon } from "./load-lexicon.ts";
import { selectCues, type CueMatch } from "./select-cues.ts";
import { markClauses } from "./mark-clauses.ts";
import { isNegated } from "./find-negation.ts";
import { attachOpinion, findTargets, predicatesOtherNoun, type SentenceNames, type Target } from "./attach-opinions.ts";
import { ALL_RULES_ON, type RulesOff } from "./rule-families.ts";

/** One opinion about one aspect, found in one sentence. */
export interface Mention {
  aspect: Aspect;
  polarity: 1 | -1;
  weight: number;
  sentence: number;
  /** Inferred from a "star off because ..." frame rather than from an opinion word. */
  framed?: boolean;
  /** Token index of the cue in its sentence, when the sentence rules found it (the review-level rules leave it out). */
  at?: number;
  /** The cue's aspect depends on what it is about (CueData.boundary); find-review-mentions.ts settles it. */
  boundary?: CueData["boundary"];
}

export interface SentenceContext extends SentenceNames {
  /** Set by the review-level pass: the sentence is sarcastic ("Tarp? What tarp?"), so praise in it is reversed. */
  sarcastic?: boolean;
  /** Filled in: sentences where a cue was set aside as another party's act, a staff claim or a hedge (the learned model must not add there). */
  setAside?: Set<number>;
  /** Filled in: per sentence, the aspects whose words the lexicon read in another sense there ("paid the deposit on time"); the learned model must not add those. */
  blocked?: Map<number, Set<Aspect>>;
  /** Rule families switched off (the ablation of `npm run eval:absa`). */
  off?: RulesOff;
}

const YES_NO = new Set(["was", "is", "were", "are", "did", "does", "do", "would", "will", "could", "can", "has", "have", "had"]);
const QUOTES = new Set(['"', "“", "”"]);
const REPORTING = new Set(["said", "say", "says", "told", "tell", "tells", "called", "wrote", "asked", "labeled", "named", "claimed", "promised", "insisted"]);
const COMPARATIVE = new Set(["than", "unlike", "compared"]);
const SPEECH = new Set(["said", "says", "told", "commented", "called", "mentioned", "wrote", "noted", "remarked", "praised"]);
const STAFF_SPEAKERS = new Set(["he", "she", "tech", "technician", "woman", "man", "lady", "guy", "office", "phone", "receptionist", "owner", "they"]);
const isWorkObject = WORD_CLASSES.get("workobj")!;
const isHome = WORD_CLASSES.get("home")!;
const WORK_NOUNS = new Set(["job", "work", "install", "installation", "sweep", "repair", "rebuild", "inspection"]);

type Marker = PatternMatch<MarkerData>;

/** Token spans inside double quotes, up to four tokens long and not reported speech: the flue is "clean". */
function findScareQuotes(tokens: readonly Token[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let open = -1;
  tokens.forEach((token, i) => {
    if (!QUOTES.has(token.text)) return;
    if (open < 0) open = i;
    else {
      // "He told us we were "good for two years"" quotes someone; it is not irony.
      const reported = tokens.slice(0, open).some((t) => REPORTING.has(t.norm));
      if (i - open - 1 <= 4 && !reported) spans.push([open + 1, i]);
      open = -1;
    }
  });
  return spans;
}

const SINGLE_QUOTES = new Set(["'", "‘", "’"]);
const PERSONAL = new Set(["you", "me", "i", "we", "us", "your"]);

/**
 * Quoted words someone said ('said "looks good to me"', "'looks good, see you
 * next year'"): a speech verb just before the opening quote, or a pronoun of
 * the speaker or the listener inside. An opinion there is the speaker's, not
 * the reviewer's.
 */
function findSpeechQuotes(tokens: readonly Token[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let open = -1;
  let openMark = "";
  tokens.forEach((token, i) => {
    const double = QUOTES.has(token.text);
    const single = token.isPunct && SINGLE_QUOTES.has(token.text);
    if (!double && !single) return;
    const kind = double ? '"' : "'";
    if (open < 0) {
      open = i;
      openMark = kind;
      return;
    }
    if (kind !== openMark) return;
    const inside = tokens.slice(open + 1, i);
    const spoken = tokens.slice(Math.max(0, open - 2), open).some((t) => SPEECH.has(t.norm) || REPORTING.has(t.norm));
    if (inside.filter((t) => !t.isPunct).length >= 2 && (spoken || inside.some((t) => PERSONAL.has(t.norm)))) spans.push([open + 1, i]);
    open = -1;
  });
  return spans;
}

/** "Clean" about a duct, flue or glass is the work's result, not tidiness in the home. */
function resolveResultAspect(tokens: readonly Token[], cue: CueMatch, clauses: readonly number[]): Aspect {
  if (cue.start > 0 && tokens[cue.start - 1]!.norm === "worked") return "cleanliness";
  let work = Infinity;
  let home = Infinity;
  for (let j = Math.max(0, cue.start - 12); j < Math.min(tokens.length, cue.end + 6); j += 1) {
    if (j >= cue.start && j < cue.end) continue;
    const token = tokens[j]!;
    const distance = (j < cue.start ? cue.start - j : j - cue.end + 1) + (clauses[j] === clauses[cue.start] ? 0 : 3);
    if (isWorkObject(token) || WORK_NOUNS.has(token.lemma)) work = Math.min(work, distance);
    else if (isHome(token)) home = Math.min(home, distance);
  }
  return work < home ? "work_quality" : (cue.data.aspect ?? "cleanliness");
}

const PAST_STATE = new Set(["was", "were", "had", "took", "got", "seemed", "looked", "smelled", "puffed", "leaked", "dripped", "came"]);
const AFTER_THE_JOB = new Set(["after", "since", "afterwards", "afterward", "later", "now", "again", "today", "anymore"]);

/** "The house still smelled like smoke" before the job is the problem they were called for, not a verdict on the work. */
function describesEarlierState(tokens: readonly Token[], cue: CueMatch): boolean {
  const still = tokens.findIndex((t, i) => i >= cue.start - 1 && i < cue.end && t.norm === "still");
  if (still < 0) return false;
  const before = tokens[still - 1];
  const after = tokens[still + 1];
  const past = (before !== undefined && PAST_STATE.has(before.norm)) || (after !== undefined && (PAST_STATE.has(after.norm) || /ed$/.test(after.norm)));
  return past && !tokens.some((t) => AFTER_THE_JOB.has(t.norm));
}

/**
 * "My wife is a clean freak and she was impressed": approval from a self-declared
 * clean freak is a cleanliness opinion, not praise of the person.
 */
function adjustForCleanFreak(tokens: readonly Token[], mentions: Mention[]): Mention[] {
  const idiom = tokens.some((t, i) => (t.norm === "freak" || t.norm === "freaks") && ["clean", "neat"].includes(tokens[i - 1]?.norm ?? ""));
  if (!idiom) return mentions;
  const approving = mentions.filter((m) => m.aspect === "professionalism" && m.polarity > 0);
  if (approving.length === 0 || mentions.some((m) => m.aspect === "cleanliness")) return mentions;
  return [...mentions.filter((m) => !approving.includes(m)), { ...approving[0]!, aspect: "cleanliness" }];
}

/** Finds the aspect opinions in one sentence. */
export function analyzeSentence(sentence: Sentence, context: SentenceContext): Mention[] {
  const { tokens } = sentence;
  const off = context.off ?? ALL_RULES_ON;
  const lexicon = loadLexicon();
  const positions = indexPositions(tokens);
  const blocks: CueMatch[] | undefined = context.blocked ? [] : undefined;
  const cues = selectCues(lexicon.cues, tokens, positions, blocks);
  if (blocks && blocks.length > 0) {
    const aspects = new Set<Aspect>();
    for (const block of blocks) if (block.data.aspect) aspects.add(block.data.aspect);
    if (aspects.size > 0) context.blocked!.set(sentence.index, aspects);
  }
  // The learned models may add an aspect where the rules found none, so a sentence without cues is read for markers too
  // when they will be asked (setAside given): one that says it is unrelated ("had nothing to do with them") is set aside.
  if (cues.length === 0 && context.setAside === undefined) return [];
  const byKind = new Map<MarkerKind, Marker[]>();
  for (const marker of findAllMatches(lexicon.markers, tokens, positions)) byKind.set(marker.data.kind, [...(byKind.get(marker.data.kind) ?? []), marker]);
  const of = (kind: MarkerKind): readonly Marker[] => byKind.get(kind) ?? [];
  if (!off.has("set-aside") && of("irrelevant").length > 0) {
    context.setAside?.add(sentence.index);
    return [];
  }
  if (cues.length === 0) return [];
  const clauses = markClauses(tokens);
  const quoted = tokens.some((t) => QUOTES.has(t.text) || (t.isPunct && SINGLE_QUOTES.has(t.text)));
  const quotes = quoted && !off.has("sarcasm") ? findScareQuotes(tokens) : [];
  const speech = quoted && !off.has("reported-speech") ? findSpeechQuotes(tokens) : [];
  const targets = findTargets(tokens, cues, context);
  const sarcastic = !off.has("sarcasm") && (context.sarcastic === true || of("sarcasm").length > 0);
  const sameClauseBefore = (kind: MarkerKind, at: number) => of(kind).some((m) => m.start < at && clauses[m.start] === clauses[at]);
  // "The previous company blew dust everywhere" is about them; "the inspector said it was the neatest install" is about us.
  const otherPartyActs = (at: number) =>
    of("other-party").some((m) => m.start < at && clauses[m.start] === clauses[at] && !SPEECH.has(tokens[m.end]?.norm ?? ""));
  // "The woman on the phone told me customers notice a big difference" is a claim, not the reviewer's judgement.
  const staffClaim = (at: number) =>
    of("hearsay").some(
      (m) => m.start < at && clauses[m.start] === clauses[at] && tokens.slice(Math.max(0, m.start - 6), m.start).some((t) => STAFF_SPEAKERS.has(t.norm)),
    );
  const inClause = (kind: MarkerKind, at: number) => of(kind).some((m) => clauses[m.start] === clauses[at]);
  const comparative = (at: number) => tokens.some((t, j) => clauses[j] === clauses[at] && COMPARATIVE.has(t.norm));

  const opening = tokens.find((t) => !t.isPunct);
  const asksYesNo = !off.has("reported-speech") && tokens.at(-1)?.text === "?" && opening !== undefined && YES_NO.has(opening.norm);
  const mentions: Mention[] = [];
  const emit = (aspect: Aspect, polarity: number, weight: number, at: number, boundary?: CueData["boundary"]) => {
    if (polarity !== 0) mentions.push({ aspect, polarity: polarity > 0 ? 1 : -1, weight, sentence: sentence.index, at, ...(boundary && { boundary }) });
  };
  const clausesWithCues = new Set<number>();

  for (const cue of cues) {
    if (cue.data.kind !== "cue" && cue.data.kind !== "opinion") continue;
    const setAside =
      !off.has("set-aside") &&
      ((otherPartyActs(cue.start) && !comparative(cue.start)) ||
        (staffClaim(cue.start) && (cue.data.kind === "opinion" || cue.data.aspect === "work_quality" || cue.data.resultSense)) ||
        (cue.data.kind === "opinion" && cue.data.weight <= 0.7 && inClause("hedge", cue.start)) ||
        sameClauseBefore("expectation", cue.start));
    if (setAside) {
      context.setAside?.add(sentence.index);
      continue;
    }
    // "(lovely)": a lone opinion word in parentheses is an ironic aside.
    if (cue.data.kind === "opinion" && tokens[cue.start - 1]?.text === "(" && tokens[cue.end]?.text === ")") continue;
    let polarity: number = cue.data.polarity;
    if (!off.has("negation") && isNegated(tokens, cues, cue, clauses)) polarity = -polarity;
    // Praise in someone else's words ('said "looks good to me"') is their claim; a complaint they voice ('running behind') is still reported.
    if (polarity > 0 && speech.some(([start, end]) => cue.start >= start && cue.end <= end)) continue;
    // "Was it worth it?": praise asked about is not praise given.
    if (polarity > 0 && asksYesNo) continue;
    const quoted = quotes.some(([s, e]) => cue.start >= s && cue.end <= e);
    if (polarity > 0 && ((!off.has("negation") && sameClauseBefore("counterfactual", cue.start)) || sarcastic || quoted)) polarity = -1;
    if (cue.data.kind === "cue") {
      if (!off.has("earlier-state") && cue.data.aspect === "work_quality" && polarity < 0 && describesEarlierState(tokens, cue)) continue;
      emit(
        cue.data.resultSense && !off.has("result-sense") ? resolveResultAspect(tokens, cue, clauses) : cue.data.aspect!,
        polarity,
        cue.data.weight,
        cue.start,
        cue.data.boundary,
      );
      if (cue.data.also) emit(cue.data.also, polarity, cue.data.weight, cue.start);
      clausesWithCues.add(clauses[cue.start]!);
      continue;
    }
    const target = attachOpinion(tokens, targets, cue, clauses) ?? nextToAspectCue(cue);
    if (target) target.attached = true;
    if (target && (target.aspect !== null || !target.vague || cue.data.aspect === null)) {
      if (target.aspect) emit(target.aspect, polarity, Math.min(cue.data.weight, 0.9), cue.start);
    } else if (cue.data.aspect && !predicatesOtherNoun(tokens, cue, clauses)) emit(cue.data.aspect, polarity, Math.min(cue.data.weight, 0.8), cue.start);
  }

  /** "The online scheduler kept crashing": with no target, an opinion right next to an aspect cue judges that aspect. */
  function nextToAspectCue(opinion: CueMatch): Target | null {
    const near = cues.find(
      (c) =>
        c.data.kind === "cue" && c.data.aspect !== null && clauses[c.start] === clauses[opinion.start] && (c.end === opinion.start || opinion.end === c.start),
    );
    return near ? { start: near.start, end: near.end, aspect: near.data.aspect, attached: false, vague: false } : null;
  }

  if (!off.has("frames")) {
    applyFrames(of("complaint-frame"), -1);
    applyFrames(of("praise-frame"), 1);
  }
  return off.has("clean-freak") ? mentions : adjustForCleanFreak(tokens, mentions);

  /** "One star off because of the wait": targets right after the frame, in clauses with no cue of their own, get its polarity. */
  function applyFrames(frames: readonly Marker[], polarity: 1 | -1): void {
    for (const frame of frames)
      for (const target of targets)
        if (
          !target.attached &&
          target.aspect &&
          target.aspect !== "professionalism" &&
          target.start >= frame.end &&
          target.start - frame.end <= 10 &&
          !clausesWithCues.has(clauses[target.start]!)
        ) {
          target.attached = true;
          mentions.push({ aspect: target.aspect, polarity, weight: 0.8, sentence: sentence.index, framed: true, at: target.start });
        }
  }
}
