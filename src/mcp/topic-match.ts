import type { ReviewRecord } from "../lib/schema/review.ts";
import { foldText } from "../lib/search/normalize.ts";

/**
 * Free-text topics for evaluate_topic. search_reviews' `query` is a literal
 * substring; a topic is looser, because an assistant asks "are they good at
 * dryer vents?" and reviews say "dryer vent": every word of the topic must
 * start a word of the review (AND), after folding case and accents and
 * dropping a plural or -ing ending, and filler words are ignored.
 */
const STOP_WORDS = new Set(
  "a an and are at be by do does for from good great how in is it its of on or the their them they this to was were what when who with you your service services company".split(" "),
);
const MIN_TERM_LENGTH = 2;

/** Crude English stem: enough for plurals and gerunds, and always a prefix of the word. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3);
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The stems a topic is matched by; empty when it has no searchable word. */
export function extractTopicTerms(topic: string): string[] {
  const words = foldText(topic).split(/[^\p{L}\p{N}]+/u);
  const terms = words.filter((word) => word.length >= MIN_TERM_LENGTH && !STOP_WORDS.has(word)).map(stem);
  return [...new Set(terms)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One pattern per term, anchored at the start of a word. */
export function compileTopicPatterns(terms: readonly string[]): RegExp[] {
  return terms.map((term) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}`, "u"));
}

/** Folded "title text" per review, computed once per review list (kept as long as the index lives). */
const foldedCache = new WeakMap<readonly ReviewRecord[], string[]>();
function foldAll(reviews: readonly ReviewRecord[]): string[] {
  let folded = foldedCache.get(reviews);
  if (folded === undefined) {
    folded = reviews.map((review) => `${review.title === null ? "" : foldText(review.title)}\n${foldText(review.text)}`);
    foldedCache.set(reviews, folded);
  }
  return folded;
}

/** True when every term starts a word of the title or text of the review at `position` in `reviews`. */
export function matchesTopic(reviews: readonly ReviewRecord[], position: number, patterns: readonly RegExp[]): boolean {
  if (patterns.length === 0) return true;
  const text = foldAll(reviews)[position]!;
  return patterns.every((pattern) => pattern.test(text));
}

const MAX_QUOTE_LENGTH = 280;

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}

function clip(sentence: string): string {
  return sentence.length <= MAX_QUOTE_LENGTH ? sentence : `${sentence.slice(0, MAX_QUOTE_LENGTH - 1).trimEnd()}…`;
}

/**
 * The sentence of a review that best speaks to the topic: the first that
 * mentions a topic term, else the evidence of an opinion of the wanted
 * polarity, else the first sentence. Quoted verbatim (clipped if very long).
 */
export function pickQuote(review: ReviewRecord, patterns: readonly RegExp[], polarity: "positive" | "negative"): string {
  const sentences = splitSentences(review.text);
  if (patterns.length > 0) {
    const onTopic = sentences.find((sentence) => patterns.some((pattern) => pattern.test(foldText(sentence))));
    if (onTopic !== undefined) return clip(onTopic);
  }
  const evidence = review.aspects.find((aspect) => aspect.sentiment === polarity)?.evidence;
  return clip(evidence ?? sentences[0] ?? review.text);
}
