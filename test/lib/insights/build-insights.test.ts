import { beforeAll, describe, expect, it } from "vitest";
import { namesAnotherBusiness } from "../../../src/lib/insights/absa/another-business.ts";
import { buildInsights } from "../../../src/lib/insights/build-insights.ts";
import { InsightsSchema } from "../../../src/lib/schema/insights.ts";
import { ASPECTS } from "../../../src/lib/schema/review.ts";
import { loadSiteData, type SiteData } from "./load-site-data.ts";

let site: SiteData;
beforeAll(() => {
  site = loadSiteData();
});

describe("buildInsights on content/", () => {
  it("matches InsightsSchema", () => {
    expect(() => InsightsSchema.parse(site.insights)).not.toThrow();
  });

  it("is deterministic", () => {
    expect(JSON.stringify(buildInsights(site.dataset, site.content))).toBe(JSON.stringify(site.insights));
  });

  it("gives every review at most one entry per aspect, with evidence quoted verbatim", () => {
    for (const review of site.dataset.reviews) {
      expect(new Set(review.aspects.map((a) => a.aspect)).size).toBe(review.aspects.length);
      for (const found of review.aspects) expect(review.text).toContain(found.evidence);
    }
  });

  it("covers the seven aspects in order, with counts that add up", () => {
    expect(site.insights.aspects.map((a) => a.aspect)).toEqual([...ASPECTS]);
    for (const entry of site.insights.aspects) {
      const { positive, negative, mixed, total } = entry.mentions;
      expect(positive + negative + mixed).toBe(total);
      const counted = site.dataset.reviews.filter((r) => r.aspects.some((a) => a.aspect === entry.aspect)).length;
      expect(total).toBe(counted);
      expect(entry.quotes.length).toBeLessThanOrEqual(3);
    }
  });

  it("quotes only sentences that exist, verbatim, in the cited review, with that review's sentiment", () => {
    const byId = new Map(site.dataset.reviews.map((r) => [r.id, r]));
    for (const entry of site.insights.aspects)
      for (const quote of entry.quotes) {
        const review = byId.get(quote.review_id);
        expect(review, quote.review_id).toBeDefined();
        expect(review!.text).toContain(quote.text);
        expect(review!.aspects.find((a) => a.aspect === entry.aspect)?.sentiment).toBe(quote.sentiment);
      }
  });

  it("quotes no sentence about another business, though the analysis gives some in content/ an aspect", () => {
    const aboutAnother = site.dataset.reviews.flatMap((r) => r.aspects).filter((a) => namesAnotherBusiness(a.evidence));
    expect(aboutAnother.length).toBeGreaterThan(0);
    for (const entry of site.insights.aspects) for (const quote of entry.quotes) expect(namesAnotherBusiness(quote.text), quote.text).toBe(false);
  });

  it("cites only review ids that exist in the dataset", () => {
    const ids = new Set(site.dataset.reviews.map((r) => r.id));
    const { entities, topics, faq } = site.insights;
    const cited = [
      ...entities.technicians.flatMap((e) => e.review_ids),
      ...entities.services.flatMap((e) => e.review_ids),
      ...entities.service_areas.flatMap((e) => e.review_ids),
      ...topics.flatMap((t) => t.review_ids),
      ...faq.flatMap((f) => f.review_ids),
    ];
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect(ids.has(id), id).toBe(true);
  });

  it("lists every technician, service and area from business.json, with review counts that match their ids", () => {
    const { business } = site.dataset;
    expect(site.insights.entities.technicians.map((t) => t.id)).toEqual(business.technicians.map((t) => t.id));
    expect(site.insights.entities.services.map((s) => s.id)).toEqual(business.services.map((s) => s.id));
    expect(site.insights.entities.service_areas.map((a) => a.id)).toEqual(business.service_areas.map((a) => a.id));
    for (const entity of [...site.insights.entities.technicians, ...site.insights.entities.services, ...site.insights.entities.service_areas])
      expect(entity.review_ids).toHaveLength(entity.review_count);
  });

  it("counts a technician for exactly the reviews that record them, as the filters and search do", () => {
    // "Kevin did our ducts at the old house" names Kevin on a job someone else did.
    for (const tech of site.insights.entities.technicians) {
      const recorded = site.dataset.reviews.filter((r) => r.technicians.some((t) => t.id === tech.id)).map((r) => r.id);
      expect(tech.review_ids, tech.id).toEqual(recorded);
    }
  });

  it("counts a service or area for exactly the reviews that record it, as search's mentions_service does", () => {
    for (const service of site.insights.entities.services) {
      const recorded = site.dataset.reviews.filter((r) => r.services.some((s) => s.id === service.id)).map((r) => r.id);
      expect(service.review_ids, service.id).toEqual(recorded);
    }
    for (const area of site.insights.entities.service_areas) {
      const recorded = site.dataset.reviews.filter((r) => r.service_area?.id === area.id).map((r) => r.id);
      expect(area.review_ids, area.id).toEqual(expect.arrayContaining(recorded));
      for (const id of area.review_ids) expect(site.dataset.reviews.find((r) => r.id === id)!.service_area?.id ?? area.id).toBe(area.id);
    }
  });

  it("reads services and areas from the text only for a review that records none", () => {
    const { business } = site.dataset;
    const [first, second, ...rest] = site.dataset.reviews;
    const [area, otherArea] = business.service_areas;
    const unrecorded = { ...first!, services: [], service_area: null, text: `They cleaned our dryer vent in ${area!.name}. ${first!.text}` };
    const recorded = { ...second!, services: [{ id: "chimney-sweep", name: "Chimney sweeping" }], service_area: { id: otherArea!.id, name: otherArea!.name } };
    recorded.text = `Someone else cleaned the dryer vent at our old place in ${area!.name}. ${second!.text}`;
    const insights = buildInsights({ ...site.dataset, reviews: [unrecorded, recorded, ...rest] }, site.content);
    const idsOf = (list: { id: string; review_ids: string[] }[], id: string) => list.find((entry) => entry.id === id)!.review_ids;
    expect(idsOf(insights.entities.services, "dryer-vent-cleaning")).toContain(unrecorded.id);
    expect(idsOf(insights.entities.services, "dryer-vent-cleaning")).not.toContain(recorded.id);
    expect(idsOf(insights.entities.service_areas, area!.id)).toContain(unrecorded.id);
    expect(idsOf(insights.entities.service_areas, area!.id)).not.toContain(recorded.id);
    expect(idsOf(insights.entities.service_areas, otherArea!.id)).toContain(recorded.id);
  });

  it("computes highlights that can be re-derived from the reviews", () => {
    const { highlights } = site.insights.summary;
    const reviews = site.dataset.reviews;
    expect(highlights["review_count"]).toBe(reviews.length);
    const newest = [...reviews]
      .map((r) => r.date)
      .sort()
      .at(-1);
    expect(highlights["latest_review_date"]).toBe(newest);
    const mean = Math.round((reviews.reduce((s, r) => s + r.rating, 0) / reviews.length) * 100) / 100;
    expect(highlights["average_rating"]).toBe(mean);
    const last = highlights["last_12_months"] as { from: string; to: string; review_count: number };
    expect(last.review_count).toBe(reviews.filter((r) => r.date >= last.from && r.date <= last.to).length);
    const strongest = highlights["strongest_aspect"] as { aspect: string; score: number };
    const weakest = highlights["weakest_aspect"] as { aspect: string; score: number };
    expect(strongest.score).toBeGreaterThanOrEqual(weakest.score);
  });

  it("passes the editorial FAQ and summary through", () => {
    expect(site.insights.faq).toEqual(site.content.faq);
    expect(site.insights.summary.headline).toBe(site.content.summary?.headline ?? null);
  });
});
