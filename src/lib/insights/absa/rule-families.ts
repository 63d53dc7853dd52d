/**
 * The analyzer's rule families. `npm run eval:absa` switches each off in turn
 * and reports the cross-validated micro F1 it costs (docs/insights.md); a
 * family that adds less than 0.005 is deleted. The lexicon and the sentence
 * reading that every family builds on are the base, not a family.
 */
export const RULE_FAMILIES = [
  /** Negators and wishes flip the cue they govern: "not a speck of soot", "never called back", "I wish he had been on time". */
  "negation",
  /** Sarcasm cues reverse praise: "Tarp? What tarp?", scare quotes, "thanks so much for the footprints". */
  "sarcasm",
  /** Words that are not the reviewer's verdict are set aside: other companies, staff claims, hedges, expectations. */
  "set-aside",
  /** Praise in someone else's quoted words, or asked about in a yes/no question, is not praise given. */
  "reported-speech",
  /** "One star off because of the wait": a frame gives its polarity to the aspect after it. */
  "frames",
  /** "My wife is a clean freak and she was impressed" is cleanliness. */
  "clean-freak",
  /** "Clean" said of a flue or duct is the work's result, not the home's tidiness. */
  "result-sense",
  /** "The house still smelled of smoke" before the job is the problem, not a verdict on the work. */
  "earlier-state",
  /** A call about arriving is punctuality, not being told of a fee is price_value (settle-boundaries.ts). */
  "boundaries",
  /** "At 10:35 for a 10:00 slot": arrival times read against the booked time. */
  "arrival-times",
  /** "Quoted $250, billed $340": the bill read against the quote. */
  "quote-vs-bill",
  /** "Called Monday, came Tuesday": a quick turnaround told with weekdays. */
  "turnaround",
  /** "A $49 trip fee nobody mentioned". */
  "undisclosed-fees",
  /** "$300 for twenty minutes": a price against a short visit. */
  "short-job-price",
  /** Thoroughness told as a list of tasks. */
  "thorough-work",
  /** Money spent against a result: "paid $180 and nothing changed". */
  "implicit-value",
  /** The learned sentence detectors add aspects the rules missed. */
  "sentence-detector",
  /** The learned review detectors add aspects that no one sentence shows clearly. */
  "review-detector",
  /** A sentence the models read as judging the aspect the other way makes it mixed. */
  "opposite-opinion",
  /** The other side of a contrast ("tarp down, but his boots left prints") makes the aspect mixed. */
  "contrast-clause",
  /** A point conceded in a critical review ("tidy, I'll give them that") stays one-sided. */
  "concession",
  /** An unknown word borrows the model weights of its nearest known word by word vectors. */
  "word-vectors",
] as const;

export type RuleFamily = (typeof RULE_FAMILIES)[number];

/** The families switched off; empty in the shipped analyzer. */
export type RulesOff = ReadonlySet<RuleFamily>;

export const ALL_RULES_ON: RulesOff = new Set();
