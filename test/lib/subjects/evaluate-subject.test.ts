import { describe, expect, it } from "vitest";
import { indexDataset } from "../../../src/lib/search/dataset-index.ts";
import { evaluateSubject, rankAspects, type SubjectEvaluation, type SubjectQuery } from "../../../src/lib/subjects/evaluate-subject.ts";
import { namesAspect } from "../../../src/lib/subjects/match-subject.ts";
import { loadSite } from "../../support/site.ts";
import { analyzeReviewText } from "../../../src/lib/insights/absa/analyze-review.ts";

const index = indexDataset(loadSite().dataset);
const CHIMNEY_FIRE = /\bchimney[- ]fires?\b/i;

function evaluate(query: Partial<SubjectQuery>): SubjectEvaluation {
  const result = evaluateSubject({ quotes: 10, ...query }, index);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe("evaluateSubject on content/", () => {
  it('"chimney fire" finds exactly the reviews that say it, not "fireplace" or "firefighters"', () => {
    const evaluation = evaluate({ topic: "chimney fire" });
    const expected = index.reviews.filter((review) => CHIMNEY_FIRE.test(review.title ?? "") || CHIMNEY_FIRE.test(review.text));
    expect(expected.length).toBeGreaterThan(3);
    expect(evaluation.review_ids).toEqual(expected.map((review) => review.id));
    const loose = index.reviews.filter((review) => /fireplace|firefighter/i.test(review.text) && !CHIMNEY_FIRE.test(`${review.title}\n${review.text}`));
    expect(loose.length).toBeGreaterThan(10);
    for (const review of loose) expect(evaluation.review_ids).not.toContain(review.id);
  });

  it.each(["chimney fire", "smell", "dryer vent", "soot"])(
    "quotes sentences that name %j, or for a review of a service it names, how that job went",
    (topic) => {
      const evaluation = evaluate({ topic });
      const quotes = [...evaluation.praise, ...evaluation.criticism];
      expect(quotes.length).toBeGreaterThan(0);
      const phrase = new RegExp(`\\b${topic.replace(" ", "[- ]")}`, "i");
      const named = new Set(evaluation.subject.topic_services.map((s) => s.id));
      for (const quote of quotes) {
        const review = index.findReview(quote.review_id)!;
        expect(`${review.title}\n${review.text}`).toContain(quote.text.replace(/…$/, ""));
        if (phrase.test(quote.text)) continue;
        expect(review.services.some((s) => named.has(s.id))).toBe(true);
        expect(review.aspects).toContainEqual({ aspect: "work_quality", sentiment: quote.sentiment, evidence: quote.text });
        // How the job went is quoted only from a sentence that no aspect reads another way.
        expect(review.aspects.filter((a) => a.evidence === quote.text).every((a) => a.sentiment === quote.sentiment)).toBe(true);
      }
    },
  );

  it("quotes, for creosote, exactly the reviews with a sentence naming it that every aspect reads the same way", () => {
    // In content/, most sentences naming creosote report a finding ("Stage 2 creosote up top, flaky, nothing glazed.")
    // or judge two aspects opposite ways (a nice tech, an unasked-for charge): those reviews give no quote.
    const evaluation = evaluate({ topic: "creosote" });
    expect(evaluation.review_ids.length).toBeGreaterThan(5);
    for (const [quotes, sentiment] of [
      [evaluation.praise, "positive"],
      [evaluation.criticism, "negative"],
    ] as const) {
      const oneWay = evaluation.review_ids.filter((id) => {
        const aspects = index.findReview(id)!.aspects.filter((a) => /\bcreosote\b/i.test(a.evidence));
        return aspects.some((a) => aspects.filter((b) => b.evidence === a.evidence).every((b) => b.sentiment === sentiment));
      });
      // Under the quote limit (10), every such review gives one quote.
      expect(oneWay.length).toBeLessThan(10);
      expect(quotes.map((quote) => quote.review_id).sort()).toEqual(oneWay.sort());
    }
    // Some reviews naming creosote give no quote. Whether any gives one moves with retraining (one did for a while).
    expect(evaluation.praise.length + evaluation.criticism.length).toBeLessThan(evaluation.review_ids.length);
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

describe("evaluateSubject: questions a customer asks", () => {
  it.each<[string, string[]]>([
    ["punctual", ["punctuality"]],
    ["punctuality", ["punctuality"]],
    ["Are they on time?", ["punctuality"]],
    ["late", ["punctuality"]],
    ["no show", ["punctuality"]],
    ["pricey", ["price_value"]],
    ["rude", ["professionalism"]],
    ["mess", ["cleanliness"]],
    ["explained", ["communication"]],
    ["customer service", ["communication", "professionalism"]],
  ])("%j asks about %j: the reviews that judge it, with quotes that carry it", (topic, aspects) => {
    const evaluation = evaluate({ topic });
    expect(evaluation.subject.aspects).toEqual(aspects);
    const judging = index.reviews.filter((review) => review.aspects.some((a) => aspects.includes(a.aspect)));
    expect(judging.length).toBeGreaterThan(5);
    expect(evaluation.review_count).toBe(judging.length);
    expect(evaluation.review_ids).toEqual(judging.slice(0, 100).map((review) => review.id));
    expect(evaluation.summary).toContain(`${aspects[0]}: `);
    for (const [quotes, sentiment] of [
      [evaluation.praise, "positive"],
      [evaluation.criticism, "negative"],
    ] as const) {
      expect(quotes.length).toBeGreaterThan(0);
      for (const quote of quotes) {
        expect(quote.sentiment).toBe(sentiment);
        const review = index.findReview(quote.review_id)!;
        expect(review.aspects.some((a) => aspects.includes(a.aspect) && a.sentiment === sentiment && a.evidence === quote.text)).toBe(true);
      }
    }
  });

  it.each(["punctual", "mess", "pricey", "customer service"])(
    "quotes for %j first the sentences that name the aspect in words, newest first, then the others",
    (topic) => {
      const evaluation = evaluate({ topic, quotes: 3 });
      const aspects = evaluation.subject.aspects;
      let named = 0;
      for (const [quotes, sentiment] of [
        [evaluation.praise, "positive"],
        [evaluation.criticism, "negative"],
      ] as const) {
        // Every review whose evidence for the aspect reads this way, newest first, split by whether the sentence names it.
        const candidates = index.reviews.flatMap((review) => {
          const own = review.aspects.filter((a) => aspects.includes(a.aspect) && a.sentiment === sentiment);
          const quote = own.find((a) =>
            review.aspects.filter((b) => b.evidence === a.evidence).every((b) => !aspects.includes(b.aspect) || b.sentiment === sentiment),
          );
          return quote === undefined ? [] : [{ id: review.id, named: namesAspect(quote.evidence, aspects) }];
        });
        const expected = [...candidates.filter((c) => c.named), ...candidates.filter((c) => !c.named)].slice(0, 3).map((c) => c.id);
        expect(quotes.map((quote) => quote.review_id)).toEqual(expected);
        named += candidates.filter((c) => c.named).length;
      }
      expect(named).toBeGreaterThan(0);
    },
  );

  it('"dryer vent" covers every review of the dryer vent service, whether or not its text says so', () => {
    const evaluation = evaluate({ topic: "dryer vent" });
    expect(evaluation.subject.topic_services).toEqual([{ id: "dryer-vent-cleaning", name: "Dryer vent cleaning" }]);
    const recorded = index.reviews.filter((review) => review.services.some((s) => s.id === "dryer-vent-cleaning"));
    const silent = recorded.filter((review) => !/dryer[- ]vent/i.test(`${review.title}\n${review.text}`));
    expect(silent.length).toBeGreaterThan(0);
    for (const review of recorded) expect(evaluation.review_ids).toContain(review.id);
  });

  it.each(["creosote", "dryer vent", "chimney fire", "soot", "leak"])("sorts the quotes for %j by what the quoted sentence says, not by the stars", (topic) => {
    const evaluation = evaluate({ topic });
    for (const [quotes, sentiment] of [
      [evaluation.praise, "positive"],
      [evaluation.criticism, "negative"],
    ] as const)
      for (const quote of quotes) {
        const readings = index.findReview(quote.review_id)!.aspects.filter((a) => a.evidence === quote.text);
        expect(readings.length).toBeGreaterThan(0);
        for (const reading of readings) expect(reading.sentiment).toBe(sentiment);
      }
  });

  it("keeps a phrase that is not an aspect as a phrase", () => {
    expect(evaluate({ topic: "chimney fire" }).subject).toMatchObject({ aspects: [], terms: ["chimney", "fire"] });
  });
});

describe("evaluateSubject and Google's highlights", () => {
  it("counts a review whose punctuality is only ticked, but quotes no tick list", () => {
    const site = loadSite().dataset;
    const base = site.reviews.find((review) => review.rating === 5)!;
    const text = "Swept the chimney and cleaned up.\nPositive: Punctuality, Professionalism";
    const review = { ...base, text, aspects: analyzeReviewText({ text, rating: 5 }) };
    expect(review.aspects).toContainEqual({ aspect: "punctuality", sentiment: "positive", evidence: "Positive: Punctuality, Professionalism" });
    const result = evaluateSubject({ quotes: 10, topic: "punctual" }, indexDataset({ ...site, reviews: [review] }));
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value.review_ids).toEqual([review.id]);
    expect([...result.value.praise, ...result.value.criticism]).toEqual([]);
  });
});

describe("evaluateSubject and other businesses", () => {
  it("quotes no sentence about another business as this one's praise or criticism", () => {
    const site = loadSite().dataset;
    const base = site.reviews.find((review) => review.rating === 5)!;
    const other = "The other company we used for years never once went up on the roof, and their sweep was sloppy.";
    const own = "Dana went up on the roof first thing and did a thorough sweep.";
    const review = {
      ...base,
      text: `${other} ${own}`,
      aspects: [{ aspect: "work_quality" as const, sentiment: "positive" as const, evidence: other }],
    };
    const evaluateOne = (evidence: string, topic = "workmanship") => {
      const result = evaluateSubject(
        { quotes: 10, topic },
        indexDataset({ ...site, reviews: [{ ...review, aspects: [{ ...review.aspects[0]!, evidence }] }] }),
      );
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      return result.value;
    };
    expect(evaluateOne(own).praise.map((quote) => quote.text)).toEqual([own]);
    const evaluation = evaluateOne(other);
    expect(evaluation.review_ids).toEqual([review.id]);
    expect([...evaluation.praise, ...evaluation.criticism]).toEqual([]);
    // A phrase topic reads the sentences that name it: both name the roof, and only this company's may be quoted.
    expect(evaluateOne(own, "roof").praise.map((quote) => quote.text)).toEqual([own]);
    expect(evaluateOne(other, "roof").praise).toEqual([]);
  });
});
