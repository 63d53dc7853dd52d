import { beforeAll, describe, expect, it } from "vitest";
import { countAspectMentions } from "../../../src/lib/insights/aspects/summarize-aspects.ts";
import { describeQuoteLink, findDominantSentiment, selectAspectQuotes, type QuotableReview } from "../../../src/lib/insights/aspects/select-aspect-quotes.ts";
import type { Aspect, Sentiment } from "../../../src/lib/schema/review.ts";
import { loadSiteData, type SiteData } from "./load-site-data.ts";

type Finding = [Aspect, Sentiment, string];
/** Stars as a real review would give them: two when every finding is criticism, else four (the analyzer reads the stars). */
const review = (id: string, findings: Finding[], name = `Author ${id}`): QuotableReview => ({
  id,
  rating: findings.every(([, sentiment]) => sentiment === "negative") ? 2 : 4,
  date: "2025-01-01",
  author: { name, location: null },
  aspects: findings.map(([aspect, sentiment, evidence]) => ({ aspect, sentiment, evidence })),
});
const mentions = (positive: number, negative = 0, mixed = 0) => ({ positive, negative, mixed, total: positive + negative + mixed });
const LONG = (words: string) => `${words}, and I want to say so at some length here.`;

describe("selectAspectQuotes on the real content", () => {
  let site: SiteData;
  let quotes: ReturnType<typeof selectAspectQuotes>;
  beforeAll(() => {
    site = loadSiteData();
    quotes = selectAspectQuotes(site.insights.aspects, site.dataset.reviews);
  });

  it("quotes every mentioned aspect, in the fixed aspect order", () => {
    expect(quotes.map((quote) => quote.aspect)).toEqual(site.insights.aspects.filter((a) => a.mentions.total > 0).map((a) => a.aspect));
  });

  it("never shows the same sentence twice, and quotes a different review for each aspect", () => {
    const sentences = quotes.map((quote) => quote.text.toLowerCase());
    expect(new Set(sentences).size).toBe(quotes.length);
    expect(new Set(quotes.map((quote) => quote.review_id)).size).toBe(quotes.length);
  });

  it("quotes the review's own evidence for that aspect, in the aspect's dominant tone", () => {
    for (const quote of quotes) {
      const source = site.dataset.reviews.find((r) => r.id === quote.review_id)!;
      const aspect = site.insights.aspects.find((a) => a.aspect === quote.aspect)!;
      expect(source.aspects).toContainEqual({ aspect: quote.aspect, sentiment: quote.sentiment, evidence: quote.text });
      expect(quote.sentiment).toBe(findDominantSentiment(aspect.mentions));
      expect(quote.author).toBe(source.author.name);
      expect(quote.date).toBe(source.date);
    }
  });

  it("labels each link with the reviewer and the aspect, so no two labels are alike", () => {
    for (const quote of quotes) expect(quote.link_label).toBe(describeQuoteLink(quote.author, quote.aspect));
    expect(new Set(quotes.map((quote) => quote.link_label)).size).toBe(quotes.length);
    expect(quotes.some((quote) => /Read the (positive|negative|mixed) review/.test(quote.link_label))).toBe(false);
  });

  it("agrees with the counts insights.json publishes", () => {
    expect(countAspectMentions(site.dataset.reviews).map((a) => a.mentions)).toEqual(site.insights.aspects.map((a) => a.mentions));
  });
});

describe("selectAspectQuotes rules", () => {
  it("gives a sentence that carries two aspects to one of them only", () => {
    const shared = LONG("The work was excellent and they left it cleaner than they found it");
    const reviews = [
      review("a", [
        ["work_quality", "positive", shared],
        ["cleanliness", "positive", shared],
      ]),
      review("b", [["work_quality", "positive", LONG("A thorough job on the flue")]]),
    ];
    const quotes = selectAspectQuotes(
      [
        { aspect: "cleanliness", mentions: mentions(1) },
        { aspect: "work_quality", mentions: mentions(2) },
      ],
      reviews,
    );
    expect(quotes.map((q) => [q.aspect, q.review_id])).toEqual([
      ["cleanliness", "a"],
      ["work_quality", "b"],
    ]);
  });

  it("lets the aspect with fewest sentences choose first, whatever the order", () => {
    const only = LONG("On time to the minute");
    const reviews = [
      review("a", [
        ["punctuality", "positive", only],
        ["professionalism", "positive", only],
      ]),
      review("b", [["professionalism", "positive", LONG("Polite and careful")]]),
    ];
    const quotes = selectAspectQuotes(
      [
        { aspect: "professionalism", mentions: mentions(2) },
        { aspect: "punctuality", mentions: mentions(1) },
      ],
      reviews,
    );
    expect(quotes.map((q) => [q.aspect, q.review_id])).toEqual([
      ["professionalism", "b"],
      ["punctuality", "a"],
    ]);
  });

  it("quotes the same review again only when no other review fits", () => {
    const reviews = [
      review("a", [
        ["punctuality", "positive", LONG("Right on time")],
        ["cleanliness", "positive", LONG("Not a speck of soot")],
      ]),
    ];
    const quotes = selectAspectQuotes(
      [
        { aspect: "punctuality", mentions: mentions(1) },
        { aspect: "cleanliness", mentions: mentions(1) },
      ],
      reviews,
    );
    expect(quotes.map((q) => q.review_id)).toEqual(["a", "a"]);
    expect(new Set(quotes.map((q) => q.text)).size).toBe(2);
  });

  it("skips an aspect rather than repeat a sentence or quote the minority tone", () => {
    const shared = LONG("They were right on time and left the room spotless");
    const reviews = [
      review("a", [
        ["punctuality", "positive", shared],
        ["cleanliness", "positive", shared],
      ]),
      review("b", [["cleanliness", "negative", LONG("Soot on the rug")]]),
    ];
    const quotes = selectAspectQuotes(
      [
        { aspect: "punctuality", mentions: mentions(1) },
        { aspect: "cleanliness", mentions: mentions(1, 1) },
      ],
      reviews,
    );
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.text).toBe(shared);
  });

  it("prefers readable sentences, then newer reviews", () => {
    const reviews = [
      review("new", [["price_value", "negative", "Pricey."]]),
      review("mid", [["price_value", "negative", LONG("The price was far too high")]]),
      review("old", [["price_value", "negative", LONG("Way too expensive for a sweep")]]),
    ];
    const [quote] = selectAspectQuotes([{ aspect: "price_value", mentions: mentions(0, 3) }], reviews);
    expect(quote!.review_id).toBe("mid");
    expect(quote!.link_label).toBe("Read Author mid\u2019s review of price and value");
  });

  it("quotes only a sentence that carries the aspect on its own", () => {
    const reviews = [
      review("new", [["work_quality", "positive", "Our cat hides under the bed whenever anyone comes to the house."]]),
      review("old", [["work_quality", "positive", "The stove draws perfectly now, even on a still day."]]),
    ];
    const [quote] = selectAspectQuotes([{ aspect: "work_quality", mentions: mentions(2) }], reviews);
    expect(quote!.review_id).toBe("old");
  });

  it("quotes no sentence about another business, even where the analysis gave it the aspect", () => {
    const reviews = [
      review("new", [["work_quality", "mixed", "The other company we use before, three years they sweep from inside and never go up on the roof one time."]]),
      review("old", [["work_quality", "mixed", "The liner install was great but the crown repair is already cracking."]]),
    ];
    const [quote] = selectAspectQuotes([{ aspect: "work_quality", mentions: mentions(0, 0, 2) }], reviews);
    expect(quote!.review_id).toBe("old");
  });

  it("reads a concession as mixed: no one-sided quote from it", () => {
    const reviews = [
      review("new", [["price_value", "negative", "Expensive project, but done right."]]),
      review("old", [["price_value", "negative", "The price was far too high for a basic sweep."]]),
    ];
    const [quote] = selectAspectQuotes([{ aspect: "price_value", mentions: mentions(0, 2) }], reviews);
    expect(quote!.review_id).toBe("old");
  });

  it("ignores aspects nobody mentioned", () => {
    expect(selectAspectQuotes([{ aspect: "scheduling", mentions: mentions(0) }], [])).toEqual([]);
  });
});
