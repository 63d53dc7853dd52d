/**
 * The analyzer's rule families. `npm run eval:absa` switches each off in turn
 * and reports the cross-validated micro F1 it costs (docs/insights.md); a
 * family that adds less than 0.005 is deleted. The lexicon and the sentence
 * reading that every family builds on are the base, not a family. Negators
 * and wishes are part of that reading: without them a cue's polarity means
 * nothing ("not rude" would be an insult, "I wish he had been on time" praise).
 */
export const RULE_FAMILIES = [
  /**
   * The learned sentence detectors: how likely the review's best sentence judges the aspect, one of the presence model's
   * signals (presence-model.ts). Off, the signal says nothing (0.5) in training and in use.
   */
  "sentence-detector",
  /** The learned review detectors: how likely the whole review judges the aspect, the presence model's other signal. */
  "review-detector",
  /**
   * The learned sides model gives each aspect found its verdict (sides-model.ts). Off, the rules' own verdict stands
   * for the aspects they found, and the stars decide for those the rules did not find (two or fewer negative, else positive).
   */
  "sides-model",
] as const;

export type RuleFamily = (typeof RULE_FAMILIES)[number];

/** The families switched off; empty in the shipped analyzer. */
export type RulesOff = ReadonlySet<RuleFamily>;

export const ALL_RULES_ON: RulesOff = new Set();
