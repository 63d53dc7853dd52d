import { describe, expect, it } from "vitest";
import { indexDataset } from "../../../src/lib/search/dataset-index.ts";
import { evaluateTopic, rankAspects, type TopicEvaluation, type TopicQuery } from "../../../src/lib/topics/evaluate-topic.ts";
import { loadSite } from "../../support/site.ts";

const index = indexDataset(loadSite().dataset);
const CHIMNEY_FIRE = /\bchimney[- ]fires?\b/i;

function evaluate(query: Partial<TopicQuery>): TopicEvaluation {
  const result = evaluateTopic({ quotes: 10, ...query }, index);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("evaluateTopic on content/", () => {
  it('"chimney fire" finds exactly the reviews that say it, not "fireplace" or "firefighters"', () => {
    const evaluation = evaluate({ topic: "chimney fire" });
    const expected = index.reviews.filter((review) => CHIMNEY_FIRE.test(review.title ?? "") || CHIMNEY_FIRE.test(review.text));
    expect(expected.length).toBeGreaterThan(3);
    expect(evaluation.review_ids).toEqual(expected.map((review) => review.id));
    const loose = index.reviews.filter((review) => /fireplace|firefighter/i.test(review.text) && !CHIMNEY_FIRE.test(`${review.title}\n${review.text}`));
    expect(loose.length).toBeGreaterThan(10);
    for (const review of loose) expect(evaluation.review_ids).not.toContain(review.id);
  });

  it.each(["chimney fire", "creosote", "dryer vent", "soot"])("quotes only sentences that name %j", (topic) => {
    const evaluation = evaluate({ topic });
    const quotes = [...evaluation.praise, ...evaluation.criticism];
    expect(quotes.length).toBeGreaterThan(0);
    const phrase = new RegExp(`\\b${topic.replace(" ", "[- ]")}`, "i");
    for (const quote of quotes) {
      expect(quote.text).toMatch(phrase);
      const review = index.findReview(quote.review_id)!;
      expect(`${review.title}\n${review.text}`).toContain(quote.text.replace(/…$/, ""));
    }
  });

  it.each(["chimney fire", "creosote", "dryer vent", "smoke", "animal"])("names the aspects with the most evidence first for %j", (topic) => {
    const evaluation = evaluate({ topic });
    for (const [label, polarity] of [
      ["Praised most for", "positive"],
      ["Criticized for", "negative"],
    ] as const) {
      const named = evaluation.summary.match(new RegExp(`${label} (.*?)\\.(?: |$)`))?.[1] ?? "";
      const shown = [...named.matchAll(/(\w+) \(/g)].map((m) => m[1]);
      const sign = polarity === "positive" ? 1 : -1;
      const candidates = evaluation.aspects.filter((a) => a.score * sign > 0);
      const most = Math.max(0, ...candidates.map((a) => a.mentions.total));
      if (candidates.length > 0) expect(candidates.find((a) => a.aspect === shown[0])?.mentions.total).toBe(most);
      else expect(shown).toEqual([]);
    }
    expect(evaluation.summary).not.toMatch(/\b1 mentions\b/);
  });
});

describe("rankAspects", () => {
  const aspect = (name: "scheduling" | "price_value" | "punctuality" | "cleanliness", positive: number, negative: number) => ({
    aspect: name,
    mentions: { positive, negative, mixed: 0, total: positive + negative },
    score: (positive - negative) / (positive + negative),
  });

  it("puts six mixed-score complaints before one unanimous one", () => {
    const ranked = rankAspects([aspect("scheduling", 0, 1), aspect("price_value", 1, 5), aspect("punctuality", 4, 0)], "negative");
    expect(ranked.map((a) => a.aspect)).toEqual(["price_value", "scheduling"]);
  });

  it("breaks ties in evidence by the stronger score", () => {
    const ranked = rankAspects([aspect("cleanliness", 3, 1), aspect("punctuality", 4, 0), aspect("scheduling", 0, 4)], "positive");
    expect(ranked.map((a) => a.aspect)).toEqual(["punctuality", "cleanliness"]);
  });
});
