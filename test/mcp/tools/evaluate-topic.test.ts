import { describe, expect, it } from "vitest";
import { buildInsights } from "../../../src/lib/insights/build-insights.ts";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";
import { loadSite } from "../../support/site.ts";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const { index } = realData();
const client = await connectClient();

interface Quote {
  review_id: string;
  rating: number;
  text: string;
  sentiment: "positive" | "negative";
}
interface Evaluation {
  subject: {
    topic: string | null;
    terms: string[];
    aspects: string[];
    topic_services: { id: string }[];
    service: { id: string } | null;
    technician: { id: string } | null;
  };
  review_count: number;
  average_rating: number | null;
  rating_distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
  aspects: { aspect: string; mentions: { positive: number; negative: number; mixed: number; total: number }; score: number }[];
  summary: string;
  praise: Quote[];
  criticism: Quote[];
  review_ids: string[];
  latest_review_date: string | null;
}

async function evaluate(args: Record<string, unknown>): Promise<Evaluation> {
  const { result, structured } = await callTool(client, "evaluate_topic", args);
  expect(result.isError).toBeFalsy();
  return structured as unknown as Evaluation;
}

/** An independent reading of the topic rule: the words in a row, each with an optional plural or possessive s, as whole words of the title or text. */
function phraseMatch(review: ReviewRecord, words: string[]): boolean {
  const phrase = new RegExp(`\\b${words.map((word) => `${word}(?:s|'s)?`).join("[ -]")}\\b`, "i");
  return phrase.test(review.title ?? "") || phrase.test(review.text);
}

describe("evaluate_topic: is the company good at X?", () => {
  it.each([
    ["creosote", ["creosote"], ["creosote"]],
    ["dryer vents", ["dryer", "vents"], ["dryer", "vent"]],
    ["Are they good at chimney fires?", ["chimney", "fires"], ["chimney", "fire"]],
    ["bird nest", ["bird", "nest"], ["bird", "nest"]],
    ["chimney fire", ["chimney", "fire"], ["chimney", "fire"]],
  ])("finds the reviews about %s, and those of a service it names", async (topic, terms, words) => {
    const evaluation = await evaluate({ topic });
    const named = new Set(evaluation.subject.topic_services.map((s) => s.id));
    const expected = index.reviews.filter((review) => phraseMatch(review, words) || review.services.some((s) => named.has(s.id)));
    expect(expected.length).toBeGreaterThan(0);
    expect(evaluation.subject.terms).toEqual(terms);
    expect(evaluation.review_ids).toEqual(expected.slice(0, 100).map((review) => review.id));
    expect(evaluation.review_count).toBe(expected.length);
  });

  it.each([{ topic: "chimney fire" }, { topic: "creosote" }, { mentions_technician: "dana" }])(
    "gives the figures insights.json gives for the same reviews (%j)",
    async (args) => {
      const evaluation = await evaluate(args);
      const site = loadSite();
      const insights = buildInsights({ ...site.dataset, reviews: evaluation.review_ids.map((id) => index.findReview(id)!) }, { faq: [], summary: null });
      expect(evaluation.aspects).toEqual(insights.aspects.map(({ quotes: _quotes, ...counts }) => counts));
      expect(evaluation.average_rating).toBe(insights.summary.highlights.average_rating);
      expect(evaluation.rating_distribution).toEqual(insights.summary.highlights.rating_distribution);
    },
  );

  it("states count, mean, distribution and aspects consistently", async () => {
    const evaluation = await evaluate({ topic: "creosote" });
    const matching = evaluation.review_ids.map((id) => index.findReview(id)!);
    const stars = Object.values(evaluation.rating_distribution).reduce((a, b) => a + b, 0);
    expect(stars).toBe(evaluation.review_count);
    const mean = matching.reduce((sum, review) => sum + review.rating, 0) / matching.length;
    expect(evaluation.average_rating).toBe(Math.round(mean * 100) / 100);
    const mentions = matching.flatMap((review) => review.aspects);
    for (const aspect of evaluation.aspects) {
      expect(aspect.mentions.total).toBe(mentions.filter((m) => m.aspect === aspect.aspect).length);
      expect(aspect.score).toBeGreaterThanOrEqual(-1);
      expect(aspect.score).toBeLessThanOrEqual(1);
    }
    expect(evaluation.summary).toContain(`${evaluation.review_count} verified reviews match "creosote"`);
    expect(evaluation.latest_review_date).toBe(matching[0]!.date);
  });

  it("quotes verbatim sentences of matching reviews, sorted by what each sentence says rather than by stars", async () => {
    const evaluation = await evaluate({ topic: "chimney", quotes: 5 });
    expect(evaluation.praise.length).toBeGreaterThan(0);
    expect(evaluation.criticism.length).toBeGreaterThan(0);
    for (const quote of [...evaluation.praise, ...evaluation.criticism]) {
      const review = index.findReview(quote.review_id)!;
      expect(evaluation.review_ids).toContain(quote.review_id);
      expect(`${review.title}\n${review.text}`).toContain(quote.text.replace(/…$/, ""));
      expect(quote.rating).toBe(review.rating);
      const readings = review.aspects.filter((a) => a.evidence === quote.text).map((a) => a.sentiment);
      // The sentence reads the quote's way and never the other; it may also be the evidence of an aspect that
      // reads both ways, as when a service's review is quoted by its work_quality evidence.
      expect(readings).toContain(quote.sentiment);
      expect(readings).not.toContain(quote.sentiment === "positive" ? "negative" : "positive");
    }
    expect(evaluation.praise.every((quote) => quote.sentiment === "positive")).toBe(true);
    expect(evaluation.criticism.every((quote) => quote.sentiment === "negative")).toBe(true);
  });

  it("answers an aspect word with the reviews that judge the aspect", async () => {
    const evaluation = await evaluate({ topic: "punctual" });
    expect(evaluation.subject.aspects).toEqual(["punctuality"]);
    expect(evaluation.review_ids).toEqual(index.reviews.filter((r) => r.aspects.some((a) => a.aspect === "punctuality")).map((r) => r.id));
  });

  it("evaluates a service by id, matching search_reviews", async () => {
    const evaluation = await evaluate({ mentions_service: "dryer-vent-cleaning" });
    const search = await callTool(client, "search_reviews", { mentions_service: "dryer-vent-cleaning", limit: 100 });
    expect(evaluation.review_count).toBe((search.structured as { total: number }).total);
    expect(evaluation.subject.service).toMatchObject({ id: "dryer-vent-cleaning" });
  });

  it("combines a technician, a topic and dates with AND", async () => {
    const evaluation = await evaluate({ mentions_technician: "dana", topic: "creosote", since: "2024-01-01" });
    expect(evaluation.subject.technician).toMatchObject({ id: "dana-okafor" });
    for (const id of evaluation.review_ids) {
      const review = index.findReview(id)!;
      expect(review.technicians.map((t) => t.id)).toContain("dana-okafor");
      expect(review.date >= "2024-01-01").toBe(true);
    }
  });

  it("answers a topic nobody wrote about with zero reviews and a null mean", async () => {
    const evaluation = await evaluate({ topic: "helicopter" });
    expect(evaluation).toMatchObject({ review_count: 0, average_rating: null, praise: [], criticism: [], review_ids: [], latest_review_date: null });
    expect(evaluation.summary).toMatch(/^No review matches/);
  });

  it.each([
    ["no subject at all", {}, "give at least one of topic"],
    ["a topic of filler words only", { topic: "are they good at it" }, "has no searchable word"],
    ["an ambiguous technician, with the search's message", { mentions_technician: "Chris" }, "matches Chris Walsh (chris-walsh) and Chris Yoder (chris-yoder)"],
    ["an unknown service, with the search's message", { mentions_service: "roofing" }, 'mentions_service "roofing" is not a service id'],
    ["too many quotes", { topic: "soot", quotes: 50 }, "quotes"],
    ["a blank topic", { topic: "   " }, "topic must have at least 2 characters besides spaces"],
  ])("refuses %s", async (_name, args, message) => {
    const { result, text } = await callTool(client, "evaluate_topic", args);
    expect(result.isError).toBe(true);
    const shown = text.startsWith("{") ? (JSON.parse(text) as { message: string }).message : text;
    expect(shown).toContain(message);
  });
});
