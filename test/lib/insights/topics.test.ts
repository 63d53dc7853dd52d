import { beforeAll, describe, expect, it } from "vitest";
import { buildTopics } from "../../../src/lib/insights/topics/build-topics.ts";
import { stemWord } from "../../../src/lib/insights/topics/tokenize-words.ts";
import { loadSiteData, type SiteData } from "./load-site-data.ts";

let site: SiteData;
beforeAll(() => {
  site = loadSiteData();
});

describe("topics", () => {
  it("finds recurring themes in content/", () => {
    const { topics } = site.insights;
    expect(topics.length).toBeGreaterThanOrEqual(5);
    const words = topics.flatMap((t) => t.terms).join(" ");
    for (const theme of ["lint", "creosote", "nest"]) expect(words).toContain(theme);
  });

  it("is deterministic", () => {
    const excluded = site.dataset.business.technicians.map((t) => t.name);
    expect(buildTopics(site.dataset.reviews, excluded)).toEqual(buildTopics(site.dataset.reviews, excluded));
  });

  it("gives each topic a unique id, its terms, consistent sentiment counts and real example reviews", () => {
    const ids = new Set(site.dataset.reviews.map((r) => r.id));
    const topicIds = site.insights.topics.map((t) => t.id);
    expect(new Set(topicIds).size).toBe(topicIds.length);
    for (const topic of site.insights.topics) {
      expect(topic.terms.length).toBeGreaterThan(0);
      const { positive, negative, mixed, score } = topic.sentiment;
      expect(positive + negative + mixed).toBe(topic.review_count);
      expect(score).toBeGreaterThanOrEqual(-1);
      expect(score).toBeLessThanOrEqual(1);
      expect(topic.review_ids.length).toBeGreaterThan(0);
      for (const id of topic.review_ids) expect(ids.has(id)).toBe(true);
    }
  });

  it("never uses technician names as topics", () => {
    const names = site.dataset.business.technicians.flatMap((t) => t.name.toLowerCase().split(" "));
    for (const topic of site.insights.topics) for (const term of topic.terms) for (const word of term.split(" ")) expect(names).not.toContain(word);
  });

  it("returns no topics for an empty corpus", () => {
    expect(buildTopics([], [])).toEqual([]);
  });

  it.each([
    ["nests", "nest"],
    ["allergies", "allergy"],
    ["flues", "flue"],
    ["brushes", "brush"],
    ["glass", "glass"],
    ["gas", "gas"],
  ])("folds plurals: %s -> %s", (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });
});
