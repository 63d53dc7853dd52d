/** Words and phrases that modify the opinions around them rather than carrying an aspect: negators, counterfactual wishes and other businesses. */
export type MarkerKind = "counterfactual" | "other-business";

export interface MarkerData {
  kind: MarkerKind;
}

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

export const MARKER_PATTERNS: ReadonlyArray<{ pattern: string; data: MarkerData }> = [
  // Counterfactual wishes: "I wish he had been on time" says he was not.
  ...[
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
  ].map((pattern) => ({ pattern, data: { kind: "counterfactual" as const } })),
  // Another business: "went with another company who came the same day" judges that company, not this one
  // (other-business.ts). A sweep is a business only as a noun, and "our last sweep" is a visit.
  ...[
    "(another|other|every|different) (company|companies|outfit|outfits|business|businesses|contractor|contractors)",
    "(the|our|my|their|that) (last|old|previous|former) (company|outfit|business|contractor)",
    "(another|previous|former|different) (sweep/NOUN|sweeps/NOUN|chimney sweep|chimney guy|chimney company|duct company|duct cleaner|hvac company|hvac guy|mason)",
    "(a|an) (hvac|plumbing|roofing|masonry|heating|furnace) (company|contractor|guy|outfit)",
  ].map((pattern) => ({ pattern, data: { kind: "other-business" as const } })),
];
