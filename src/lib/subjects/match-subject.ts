import { splitSentences } from "../insights/nlp/split-sentences.ts";
import { FUNCTION_WORDS } from "../insights/themes/stopwords.ts";
import { stemWord } from "../insights/themes/tokenize-words.ts";
import type { Service } from "../schema/business.ts";
import type { Aspect, ReviewRecord } from "../schema/review.ts";
import { foldText } from "../search/normalize.ts";
import { ASPECT_PHRASES } from "./aspect-words.ts";

/**
 * A free-text topic ("are they good at chimney fires?") as a phrase of whole words, unlike
 * search_reviews' literal `query`: the words follow each other (spaces or hyphens between), each
 * in a simple inflection (fire, fires, fire's), after folding case and accents, so "fire" never
 * matches "fireplace". Leading and trailing filler ("are they good at", "service") is dropped.
 */
export interface PhraseMatcher {
  /** The topic's words as matched, lower-case and folded. */
  words: string[];
  /** True when the phrase occurs in the folded text. */
  test(foldedText: string): boolean;
}

/** Words that ask about a topic rather than name it: function words plus the question's own vocabulary. */
const FILLER = new Set([...FUNCTION_WORDS, ..."good great bad best company business service services job work".split(" ")]);
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const WORD_CHAR = "[\\p{L}\\p{N}]";
/** Between the words of a phrase: spaces, or a hyphen ("chimney-fire"); never a sentence's punctuation. */
const WORD_GAP = "(?:[ \\t]*[-‐–][ \\t]*|[ \\t]+)";

const isFiller = (word: string) => FILLER.has(word.replace(/['’]s$/, ""));
const topicWords = (topic: string) => [...foldText(topic).matchAll(WORD)].map((match) => match[0]);
/** True when `word` is `base` in a simple inflection ("explained" for "explain", "showing" for "show"). */
const isFormOf = (word: string, base: string) => inflections(base).includes(word) || inflections(word).includes(base);

/**
 * The aspects a topic asks about ("are they punctual?", "no show", "customer
 * service"): every word that is not filler belongs to an aspect phrase of
 * aspect-words.ts. Null when the topic names something else.
 */
export function findSubjectAspects(topic: string): Aspect[] | null {
  const words = topicWords(topic);
  const aspects = new Set<Aspect>();
  for (let i = 0; i < words.length;) {
    const phrase = ASPECT_PHRASES.find((p) => p.words.every((base, k) => words[i + k] !== undefined && isFormOf(words[i + k]!, base)));
    if (phrase) {
      for (const aspect of phrase.aspects) aspects.add(aspect);
      i += phrase.words.length;
    } else if (isFiller(words[i]!)) i += 1;
    else return null;
  }
  return aspects.size > 0 ? [...aspects].sort() : null;
}

/**
 * The catalogue's services a topic names: every word of the topic that is not
 * filler is a word of the service's name or id ("dryer vent" names
 * dryer-vent-cleaning; "inspection" names both inspection levels).
 */
export function findSubjectServices<T extends Pick<Service, "id" | "name">>(topic: string, services: readonly T[]): T[] {
  const words = topicWords(topic).filter((word) => !isFiller(word));
  if (words.length === 0) return [];
  return services.filter((service) => {
    const own = new Set([...topicWords(service.name), ...service.id.split("-")]);
    return words.every((word) => [...own].some((base) => isFormOf(word, base)));
  });
}

/** The matcher for `topic`, or null when it names nothing (only filler words). */
export function compilePhrase(topic: string): PhraseMatcher | null {
  const all = topicWords(topic);
  let first = 0;
  let last = all.length;
  while (first < last && isFiller(all[first]!)) first += 1;
  while (last > first && isFiller(all[last - 1]!)) last -= 1;
  const words = all.slice(first, last);
  if (words.length === 0 || words.every((word) => word.length < 2)) return null;
  const phrase = words.map((word) => `(?:${inflections(word).map(escapeRegExp).join("|")})`).join(WORD_GAP);
  const pattern = new RegExp(`(?<!${WORD_CHAR})${phrase}(?!${WORD_CHAR})`, "u");
  return { words, test: (foldedText) => pattern.test(foldedText) };
}

/**
 * The forms of a word that count as the same word: singular and plural,
 * possessive, -ing and -ed. A topic word that is itself an -ing or -ed form
 * ("cleaning", "leaked") counts its stem's forms too, with and without a
 * final e ("smoking" → smoke, smokes, smoked).
 */
export function inflections(word: string): string[] {
  const forms = new Set([word]);
  for (const base of baseForms(word)) {
    for (const form of [base, `${base}s`, `${base}es`, `${base}'s`, `${base}’s`, `${base}ing`, `${base}ed`]) forms.add(form);
    if (base.endsWith("y") && base.length > 2) forms.add(`${base.slice(0, -1)}ies`).add(`${base.slice(0, -1)}ied`);
    if (base.endsWith("e")) forms.add(`${base}d`).add(`${base.slice(0, -1)}ing`);
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The word without a plural or possessive ending ("fires" → "fire"), and the stems of an -ing or -ed form. */
function baseForms(word: string): string[] {
  const base = stemWord(word.replace(/['’]s$/, ""));
  const verb = /^(.{3,})(?:ing|ed)$/.exec(base)?.[1];
  return verb === undefined ? [base] : [base, verb, `${verb}e`];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when the phrase occurs in the review's title or text. */
export function matchesPhrase(review: ReviewRecord, topic: PhraseMatcher): boolean {
  return topic.test(`${review.title === null ? "" : foldText(review.title)}\n${foldText(review.text)}`);
}

/** The sentences of the review's text that mention the topic, verbatim, with the title first when it does. */
export function findPhraseSentences(review: ReviewRecord, topic: PhraseMatcher): string[] {
  const found = splitSentences(review.text)
    .map((sentence) => sentence.text)
    .filter((sentence) => topic.test(foldText(sentence)));
  return review.title !== null && topic.test(foldText(review.title)) ? [review.title, ...found] : found;
}

/** Each aspect's words and phrases (aspect-words.ts) as matchers, for namesAspect. */
const ASPECT_MATCHERS = new Map<Aspect, PhraseMatcher[]>();
for (const { words, aspects } of ASPECT_PHRASES) {
  const matcher = compilePhrase(words.join(" "));
  if (matcher !== null) for (const aspect of aspects) ASPECT_MATCHERS.set(aspect, [...(ASPECT_MATCHERS.get(aspect) ?? []), matcher]);
}

/** True when the sentence names one of the aspects in words ("arrived late", "left a mess"), in any simple inflection. */
export function namesAspect(sentence: string, aspects: readonly Aspect[]): boolean {
  const folded = foldText(sentence);
  return aspects.some((aspect) => ASPECT_MATCHERS.get(aspect)?.some((matcher) => matcher.test(folded)) === true);
}
