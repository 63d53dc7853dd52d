import type { ReviewAspect, ReviewRecord, Sentiment } from "../../schema/review.ts";
import { scoreSentiment } from "../shared/round.ts";
import { extractKeyphrases, type Keyphrase } from "./extract-keyphrases.ts";
import { groupThemes, type ThemeGroup } from "./group-themes.ts";
import { labelTheme, type ThemeLabel } from "./label-theme.ts";
import { pickExamples, type ThemeExample } from "./pick-examples.ts";
import { createSeasonQualifier } from "./qualify-season.ts";
import { keepNounPhrases } from "./tag-phrases.ts";

export interface ThemeInsight {
  id: string;
  label: string;
  terms: string[];
  review_count: number;
  sentiment: { positive: number; negative: number; mixed: number; score: number };
  review_ids: string[];
  examples: ThemeExample[];
}

const MAX_TOPICS = 16;
const MAX_TERMS = 6;
const EXAMPLES = 5;

/** Each aspect's evidence in lower case, lowered once for all topics (keyed by the aspect entry itself). */
type LoweredEvidence = WeakMap<ReviewAspect, string>;

/** The review's stance where it talks about the topic: the aspects whose evidence mentions a topic term, else the whole review. */
function reviewSentiment(review: ReviewRecord, needles: readonly string[], lowered: LoweredEvidence): Sentiment {
  const about = review.aspects.filter((a) => {
    let evidence = lowered.get(a);
    if (evidence === undefined) lowered.set(a, (evidence = a.evidence.toLowerCase()));
    return needles.some((needle) => evidence.includes(needle));
  });
  const aspects = about.length > 0 ? about : review.aspects;
  const positive = aspects.filter((a) => a.sentiment === "positive" || a.sentiment === "mixed").length;
  const negative = aspects.filter((a) => a.sentiment === "negative" || a.sentiment === "mixed").length;
  if (positive > negative) return "positive";
  if (negative > positive) return "negative";
  if (aspects.length > 0) return "mixed";
  return review.rating >= 4 ? "positive" : review.rating <= 2 ? "negative" : "mixed";
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function describeTheme(group: ThemeGroup, label: ThemeLabel, reviews: readonly ReviewRecord[], usedIds: Set<string>, lowered: LoweredEvidence): ThemeInsight {
  // The label's phrases lead the terms, then the strongest of the rest.
  const terms: Keyphrase[] = [...label.phrases, ...group.members.filter((m) => !label.phrases.includes(m))].slice(0, MAX_TERMS);
  // Stems match plurals too ("drop cloth" in "drop cloths").
  const needles = terms.flatMap((t) => [t.key, t.label]);
  const counts = { positive: 0, negative: 0, mixed: 0 };
  for (const doc of group.docs) counts[reviewSentiment(reviews[doc]!, needles, lowered)] += 1;
  const base = slugify(label.text);
  let id = base;
  for (let n = 2; usedIds.has(id); n += 1) id = `${base}-${n}`;
  usedIds.add(id);
  const examples = pickExamples(reviews, group.docs, label.phrases, group.members, EXAMPLES);
  return {
    id,
    label: label.text,
    terms: terms.map((t) => t.label),
    review_count: group.docs.length,
    sentiment: { ...counts, score: scoreSentiment(counts.positive, counts.negative, group.docs.length) },
    review_ids: examples.map((e) => e.review_id),
    examples,
  };
}

/**
 * Recurring themes a person would name ("Drop cloths and soot", "Stainless liner"): keyphrases
 * counted over the corpus (extract-keyphrases.ts), kept when tagged as noun phrases
 * (tag-phrases.ts), merged by shared reviews and words (group-themes.ts), named after their
 * strongest phrases (label-theme.ts) and dated by a season when one recurs (qualify-season.ts).
 * Names and words capitalized inside a sentence are excluded. Reviews come in dataset order, so
 * example ids are the newest reviews on the theme.
 */
export function buildThemes(reviews: readonly ReviewRecord[], excludedNames: readonly string[]): ThemeInsight[] {
  const texts = reviews.map((r) => (r.title ? `${r.title}.\n${r.text}` : r.text));
  const properNouns = new Set(excludedNames.flatMap((name) => name.toLowerCase().split(/\s+/)));
  // A phrase of two words or more is rarer than a word, so it counts from fewer reviews.
  const minDocs = { word: Math.max(3, Math.ceil(reviews.length * 0.02)), phrase: Math.max(2, Math.ceil(reviews.length * 0.01)) };
  const phrases = keepNounPhrases(texts, extractKeyphrases(texts, properNouns, minDocs));
  const usedIds = new Set<string>();
  const topics: ThemeInsight[] = [];
  const qualifySeason = createSeasonQualifier(texts);
  const lowered: LoweredEvidence = new WeakMap();
  for (const group of groupThemes(phrases, reviews.length, minDocs.word)) {
    const named = group.docs.length >= minDocs.word ? labelTheme(group) : null;
    const label = named && { ...named, text: qualifySeason(named.text, group.docs) };
    if (label) topics.push(describeTheme(group, label, reviews, usedIds, lowered));
    if (topics.length === MAX_TOPICS) break;
  }
  return topics;
}
