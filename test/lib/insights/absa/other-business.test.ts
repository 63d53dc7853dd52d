import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import type { Aspect, Sentiment } from "../../../../src/lib/schema/review.ts";

/** The rules alone (no learned model), so a retrained model cannot change these verdicts. */
function rules(text: string, rating: number): Partial<Record<Aspect, Sentiment>> {
  return Object.fromEntries(analyzeReviewText({ text, rating, technicians: ["dana-okafor"] }, null).map((a) => [a.aspect, a.sentiment]));
}

describe("another business (other-business.ts)", () => {
  it.each<[string, string, number, Partial<Record<Aspect, Sentiment>>]>([
    ["its relative clause", "Went with another company who came the same day.", 1, {}],
    ["its predicate, with an intensifier", "The other company was so rude and late.", 3, {}],
    ["after a copula and a preposition", "I was with another company who was always late and left soot everywhere.", 5, {}],
    ["through parentheses", "Hired them after our old company (never again, won't name them) left lint all over the laundry room.", 5, {}],
    ["a trade named with a or an", "Had a roofing contractor out the next day, who found the flashing loose.", 1, {}],
    ["a trade after an opening phrase", "Last year, a roofing contractor damaged the flue and was rude.", 2, {}],
    ["after there was", "There was another company that came out and left soot everywhere.", 5, {}],
    ["back to this business after a comma", "The last outfit left soot everywhere, Dana was spotless.", 5, { cleanliness: "positive" }],
    ["back to this business after and", "The last company was late and these guys showed up early.", 5, { punctuality: "positive" }],
    ["a mention inside parentheses", "These guys were great (the last company left soot everywhere) and on time.", 5, { punctuality: "positive" }],
    ["nested parentheses", "These guys were great (the last company (ugh) was late and rude) and on time.", 5, { punctuality: "positive" }],
    ["compared with, no comma", "They were much tidier than the last company and on time.", 5, { cleanliness: "positive", punctuality: "positive" }],
    ["compared with, then its relative clause", "Unlike the last company, who showed up two hours late, they were tidy.", 5, { cleanliness: "positive" }],
    [
      "this business after a copula",
      "They are honestly the last company I would hire, rude and two hours late.",
      1,
      { punctuality: "negative", professionalism: "negative" },
    ],
    [
      "this business in apposition",
      "Hired Keystone, a HVAC company from Erie, and they were on time and tidy.",
      5,
      { punctuality: "positive", cleanliness: "positive" },
    ],
    [
      "their own technician",
      "They sent a different sweep this time who was just as friendly and on time.",
      5,
      { punctuality: "positive", professionalism: "positive" },
    ],
    ["a sweep as a visit", "Every sweep they show up on time.", 5, { punctuality: "positive" }],
  ])("%s", (_name, text, rating, expected) => {
    expect(rules(text, rating)).toEqual(expected);
  });

  it("keeps the learned models from adding any aspect it set aside, those a cue also names included", () => {
    const { blocked } = findReviewMentions({ text: "Another company we called was a total scam.", rating: 3 });
    expect([...(blocked.get(0) ?? [])]).toEqual(expect.arrayContaining(["professionalism", "price_value"]));
  });

  it("reads finding a defect as no verdict on the work", () => {
    expect(rules("The tech found a cracked flue tile near the top.", 4)).toEqual({});
  });
});
