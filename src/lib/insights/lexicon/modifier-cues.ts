/**
 * Words and phrases that modify the opinions around them rather than
 * carrying an aspect: negators, other parties, hedges, counterfactual wishes,
 * expectations and statements that something is unrelated.
 */
export type MarkerKind = "other-party" | "hearsay" | "hedge" | "counterfactual" | "irrelevant" | "expectation";

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

const OTHER = "previous|prior|last|old|other|another|different|former";

export const MARKER_PATTERNS: ReadonlyArray<{ pattern: string; data: MarkerData }> = [
  // Other parties: their opinions are not about this company.
  ...[
    `(${OTHER}) (company|companies|sweep|sweeps|outfit|outfits|contractor|contractors|place|places|business|businesses|mason|installer|bids|bid|chimney guy|handyman|roofer)`,
    "(one|some|a|a different) (company|outfit|contractor|place)",
    "(last|previous|prior|old) (guy|tech|techs|one|crew|sweep)",
    "other (fellow|fellows)",
    "another (sweep|guy|tech|crew|one)",
    "the (company|sweep|guy|one|people|crew|place|tech|outfit) (we|i) (used|had|hired) (before|previously|last|the year)?",
    "the (company|sweep|guy|one|crew) before",
    "@otherco",
    "second opinion",
    "fire (department|fighters)",
    "(home|buyer's|buyers|town|city|building|insurance) inspector",
    "the hvac (company|guys|guy|tech|people)",
    "(their|his|her) (own)? guy",
    "other companies",
    "other sweeps",
    "(everyone|everybody|nobody|no one|anyone) else",
    "#money coupon",
    "coupon (outfits|places|companies|guys|outfit)",
    "(previous|prior|old) (owners|owner|homeowners)",
    "the (builder|builders)",
    "the competition",
    "(a|an|the) (less|more) (honest|reputable|careful)",
    "(the)? (roofer|roofers|handyman|contractor|plumber|electrician)",
  ].map((pattern) => ({ pattern, data: { kind: "other-party" as const } })),
  ...["(told|tell|tells) (me|us) (that)?", "(said|says|claimed|claims|promised|swore|insisted) (that)?", "according to", "supposed to"].map((pattern) => ({
    pattern,
    data: { kind: "hearsay" as const },
  })),
  ...[
    "probably",
    "maybe",
    "perhaps",
    "possibly",
    "presumably",
    "supposedly",
    "i guess",
    "i suppose",
    "i assume",
    "i think",
    "i believe",
    "might",
    "may/AUX",
    "could be",
    "seems like",
    "not sure",
    "no way to know",
    "i have no idea",
    "hard to say",
    "hopefully",
    "fingers crossed",
    "we'll see",
    "we will see",
    "time will tell",
    "i hope",
    "(i'm|i am) hoping",
    "as far as i (can|could) tell",
  ].map((pattern) => ({ pattern, data: { kind: "hedge" as const } })),
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
  ...["nothing to do with", "had nothing to do", "not related to"].map((pattern) => ({ pattern, data: { kind: "irrelevant" as const } })),
  // The reviewer's expectation going in ("I went in assuming it was a hook for an upsell"): what follows in the clause is a
  // prior belief, not an opinion of the company (doubt that the review goes on to overturn is no opinion).
  ...[
    "(i|we) (went in|came in|going in) (assuming|expecting|thinking|braced for|bracing for|ready for)",
    "(i|we) (was|were|'d been|had been) (expecting|assuming|braced for|bracing for|bracing myself for|braced myself for|dreading|ready for)",
    "(i|we) (fully)? (figured|assumed) (they|he|she|it) (would|'d|were|was|might)",
    "(i|we) (was|were) (skeptical|sceptical|suspicious) (of|about|that|because)?",
  ].map((pattern) => ({ pattern, data: { kind: "expectation" as const } })),
];
