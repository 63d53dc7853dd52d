/** Negators flip the opinion they govern (find-negation.ts); a wish turns the praise after it into criticism (analyze-sentence.ts). */

/** Single tokens that negate what follows (wink's "n't" arrives as "not"). */
export const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "nobody",
  "noone",
  "none",
  "nothing",
  "neither",
  "nor",
  "without",
  "hardly",
  "barely",
  "zero",
  "nowhere",
  "lack",
  "forgot",
  "forget",
  "failed",
]);

/** Negators that wink-nlp itself scopes (its negation flag marks the following tokens). */
export const WINK_NEGATORS = new Set(["not", "no", "never"]);

/** "not only", "no doubt": the negator does not negate. */
export const NON_NEGATING_NEXT = new Set(["only", "just", "doubt", "wonder", "matter", "later", "sooner", "longer", "less", "problem", "believe", "sure"]);

/** "Couldn't have been more polite", "can't recommend them enough": negation used as an intensifier. */
export const INTENSIFYING_AFTER_NEGATION = new Set(["more", "better", "happier", "nicer", "enough", "friendlier", "cleaner", "prouder", "pleased", "kinder"]);

/** A wish: praise that follows in its clause is praise of what did not happen ("I wish he had been on time"). */
export interface WishData {
  kind: "wish";
}

export const WISH_PATTERNS: ReadonlyArray<{ pattern: string; data: WishData }> = [
  "wish|wished",
  "if only",
  "(should have|should've)",
  "(would have been|would've been|would be) (nice|great|better|good)",
  "(would have|would've) (liked|preferred|appreciated)",
  "if (.. )? (had been|had|were|was)",
  "(would|could) (be|have been|'ve been) #num (stars|star) if",
  "hoping for",
  "i want",
  "i'd like",
  "(next time|in the future),? (please)?",
].map((pattern) => ({ pattern, data: { kind: "wish" as const } }));
