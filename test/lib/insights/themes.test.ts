import { beforeAll, describe, expect, it } from "vitest";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";
import { buildThemes, type ThemeInsight } from "../../../src/lib/insights/themes/build-themes.ts";
import { findSentence } from "../../../src/lib/insights/themes/pick-examples.ts";
import { CALENDAR_WORDS, GENERIC_NOUNS, STOPWORDS } from "../../../src/lib/insights/themes/stopwords.ts";
import { stemWord } from "../../../src/lib/insights/themes/tokenize-words.ts";
import { loadSiteData, type SiteData } from "./load-site-data.ts";

let site: SiteData;
beforeAll(() => {
  site = loadSiteData();
});

function record(id: string, text: string, rating = 5): ReviewRecord {
  return {
    id,
    url: `https://reviews.example/reviews/${id}/`,
    rating,
    date: "2026-01-01",
    title: null,
    text,
    author: { name: "A. Reviewer", location: null },
    verified: { source: "invoice", method: "matched", job_date: "2026-01-01" },
    technicians: [],
    services: [],
    service_area: null,
    response: null,
    aspects: [],
  };
}

/** Lower-case words with simple plurals folded, written independently of the code under test ("Cloths" → "cloth"). */
function foldWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).map((w) => {
    if (w.endsWith("ies")) return `${w.slice(0, -3)}y`;
    if (/(?:ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
    return w.replace(/([^s])s$/, "$1");
  });
}

/** True when `text` holds `term` as consecutive words, plural or singular. */
function mentions(text: string, term: string): boolean {
  return ` ${foldWords(text).join(" ")} `.includes(` ${foldWords(term).join(" ")} `);
}

/** Words of a label that say what the theme is about (not "and", a season or a generic noun). */
function themeWords(label: string): string[] {
  return label
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => !STOPWORDS.has(w) && !CALENDAR_WORDS.has(w) && !CALENDAR_WORDS.has(stemWord(w)) && !GENERIC_NOUNS.has(stemWord(w)));
}

function expectExamplesDiscussTheme(topics: readonly ThemeInsight[], reviews: readonly ReviewRecord[]): void {
  const byId = new Map(reviews.map((r) => [r.id, r]));
  for (const topic of topics) {
    expect(topic.examples.length).toBeGreaterThan(0);
    expect(topic.review_ids).toEqual(topic.examples.map((e) => e.review_id));
    for (const example of topic.examples) {
      const review = byId.get(example.review_id)!;
      expect(review).toBeDefined();
      // The quote is verbatim, and names one of the topic's terms.
      expect(`${review.title ?? ""}\n${review.text}`).toContain(example.text);
      expect(
        topic.terms.some((term) => mentions(example.text, term)),
        `${topic.label}: ${example.text}`,
      ).toBe(true);
    }
  }
}

function expectPhraseLabels(topics: readonly ThemeInsight[]): void {
  for (const topic of topics) {
    const words = topic.label.split(/\s+/);
    expect(words.length, topic.label).toBeGreaterThanOrEqual(2);
    expect(words.length, topic.label).toBeLessThanOrEqual(5);
    expect(themeWords(topic.label).length, topic.label).toBeGreaterThan(0);
  }
}

describe("topics on content/", () => {
  it("names themes with phrases of two to five words, never a season or a lone word", () => {
    const { topics } = site.insights;
    expect(topics.length).toBeGreaterThanOrEqual(5);
    expectPhraseLabels(topics);
  });

  it("finds the recurring themes a reader would name", () => {
    const labels = site.insights.topics.map((t) => t.label.toLowerCase());
    for (const theme of ["dryer vent", "chimney fire", "drop cloth", "stainless liner"])
      expect(
        labels.some((l) => l.includes(theme)),
        theme,
      ).toBe(true);
    const words = site.insights.topics.flatMap((t) => t.terms).join(" ");
    for (const theme of ["lint", "nest", "crown"]) expect(words).toContain(theme);
  });

  it("gives examples whose quoted sentence really mentions the topic", () => {
    expectExamplesDiscussTheme(site.insights.topics, site.dataset.reviews);
  });

  it("is deterministic", () => {
    const excluded = site.dataset.business.technicians.map((t) => t.name);
    expect(JSON.stringify(buildThemes(site.dataset.reviews, excluded))).toBe(JSON.stringify(buildThemes(site.dataset.reviews, excluded)));
  });

  it("gives each topic a unique id, its terms and consistent sentiment counts", () => {
    const topicIds = site.insights.topics.map((t) => t.id);
    expect(new Set(topicIds).size).toBe(topicIds.length);
    for (const topic of site.insights.topics) {
      expect(topic.terms.length).toBeGreaterThan(0);
      const { positive, negative, mixed, score } = topic.sentiment;
      expect(positive + negative + mixed).toBe(topic.review_count);
      expect(score).toBeGreaterThanOrEqual(-1);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it("never uses technician names in topics", () => {
    const names = site.dataset.business.technicians.flatMap((t) => t.name.toLowerCase().split(" "));
    for (const topic of site.insights.topics)
      for (const word of [...topic.terms, topic.label].flatMap((t) => t.toLowerCase().split(" "))) expect(names).not.toContain(word);
  });
});

describe("buildThemes", () => {
  const filler = [
    "The technician was on time and polite.",
    "Booked online, fair price, would use again.",
    "Quick visit, no complaints at all.",
    "They answered every question I had.",
  ];

  it("merges two phrasings that keep turning up in the same reviews into one topic", () => {
    const reviews = [
      record("a1", "He laid drop cloths over the rug and wore shoe covers the whole time."),
      record("a2", "Shoe covers on at the door, and drop cloths from the door to the hearth."),
      record("a3", "The drop cloths caught every bit of soot, and he kept his shoe covers on upstairs."),
      record("a4", "Drop cloths everywhere and shoe covers, not a mark on the carpet."),
      record("a5", "I liked the drop cloths and the shoe covers."),
      record("b1", "The dryer vent was packed and the dryer runs better now."),
      record("b2", "Our dryer vent had a bird nest in it."),
      record("b3", "They cleaned the dryer vent from the roof."),
      record("b4", "The dryer vent hood was crushed, they replaced it."),
      ...filler.map((text, i) => record(`f${i}`, text)),
    ];
    const topics = buildThemes(reviews, []);
    const tidy = topics.find((t) => t.terms.some((term) => mentions(term, "drop cloth")))!;
    expect(tidy).toBeDefined();
    expect(tidy.terms.some((term) => mentions(term, "shoe cover"))).toBe(true);
    expect(tidy.label).toMatch(/^(Drop cloths and shoe covers|Shoe covers and drop cloths)$/);
    expect(tidy.review_count).toBe(5);
    expect(topics.find((t) => t.label.startsWith("Dryer vent"))?.review_count).toBe(4);
    expectPhraseLabels(topics);
    expectExamplesDiscussTheme(topics, reviews);
  });

  it("never makes a topic of seasons and calendar words, nor of a lone word", () => {
    const reviews = [
      record("s1", "We called last fall and again this winter about creosote."),
      record("s2", "Every fall we get the creosote checked, usually on a Monday morning."),
      record("s3", "They came in the fall, the spring visit was quicker. Some creosote."),
      record("s4", "Fall and winter are busy, they said; the creosote was light."),
      record("s5", "Next spring we will book again in the fall, creosote or not."),
      ...filler.map((text, i) => record(`f${i}`, text)),
    ];
    expect(buildThemes(reviews, [])).toEqual([]);
  });

  it("leaves out excluded names", () => {
    const reviews = [
      ...["Kevin Ortiz cleaned the dryer vent.", "kevin ortiz did our dryer vent too.", "The dryer vent by kevin ortiz was done fast."].map((text, i) =>
        record(`k${i}`, text),
      ),
      ...filler.map((text, i) => record(`f${i}`, text)),
    ];
    const topics = buildThemes(reviews, ["Kevin Ortiz"]);
    expect(topics.map((t) => t.label)).toEqual(["Dryer vent"]);
  });

  it.each([
    ["Great job. The dryer vent was full! Thanks", "The dryer vent was full!"],
    ["Line one\nthe dryer vent hood was crushed\nline three", "the dryer vent hood was crushed"],
  ])("quotes the sentence that holds the phrase: %j", (text, quote) => {
    expect(findSentence(text, [/\bdryer vent\b/i])).toBe(quote);
  });

  it("quotes at most about fifty words of a review without punctuation, cut at word boundaries", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    words.splice(100, 0, "dryer", "vent");
    const text = words.join(" ");
    const quote = findSentence(text, [/\bdryer vent\b/i])!;
    expect(text).toContain(quote);
    expect(quote).toContain("dryer vent");
    expect(quote.length).toBeLessThanOrEqual(340);
    expect(quote.length).toBeGreaterThan(200);
    expect(` ${text} `).toContain(` ${quote} `);
    expect(findSentence(text, [/\bdrop cloths\b/i])).toBeNull();
  });

  it("returns no topics for an empty corpus", () => {
    expect(buildThemes([], [])).toEqual([]);
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

describe("season qualifier", () => {
  it("dates a theme by the season its reviews keep naming, never making the season the theme", () => {
    const reviews = [
      record("w1", "Every winter the chimney fire risk worries me, and the chimney fire last winter proved it."),
      record("w2", "We had a chimney fire in the winter and they came the next day."),
      record("w3", "After the chimney fire this winter they relined the flue."),
      record("w4", "A small chimney fire during winter, quickly handled."),
      record("d1", "The dryer vent was packed with lint."),
      record("d2", "They cleared the dryer vent and the dryer is fast now."),
      record("d3", "Dryer vent hood replaced on the roof."),
      record("d4", "Our dryer vent had a nest in it."),
      ...["The technician was on time and polite.", "Booked online, fair price.", "Quick visit, no complaints.", "Answered every question."].map((text, i) =>
        record(`f${i}`, text),
      ),
    ];
    const labels = buildThemes(reviews, []).map((t) => t.label);
    expect(labels).toContain("Chimney fire in winter");
    expect(labels).toContain("Dryer vent");
  });
});
