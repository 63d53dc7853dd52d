import { describe, expect, it } from "vitest";
import {
  BUSINESS_TYPE,
  buildLocalBusinessJsonLd,
  buildStandaloneReviewJsonLd,
  getBusinessNodeId,
} from "../../../src/lib/structured-data/local-business-json-ld.ts";
import { buildReviewJsonLd } from "../../../src/lib/structured-data/review-json-ld.ts";
import { serializeJsonLd } from "../../../src/lib/structured-data/serialize-json-ld.ts";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";
import { loadSite, TEST_BASE_URL } from "../../support/site.ts";

type Node = Record<string, unknown>;
const { dataset, urls } = loadSite();
const newest = dataset.reviews.slice(0, 12);
const jsonLd = buildLocalBusinessJsonLd(dataset, urls, newest);

describe("buildLocalBusinessJsonLd", () => {
  it.each([
    ["@context", "https://schema.org"],
    ["@type", BUSINESS_TYPE],
    ["@id", `${TEST_BASE_URL}/#business`],
    ["name", dataset.business.name],
    ["description", dataset.business.description],
    ["telephone", dataset.business.telephone],
    ["priceRange", dataset.business.price_range],
    ["url", dataset.business.url],
  ])("sets %s from the dataset", (key, value) => {
    expect(jsonLd[key]).toBe(value);
  });

  it("carries the aggregate rating exactly as /reviews.json publishes it", () => {
    const aggregate = dataset.aggregate_rating;
    expect(jsonLd.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: aggregate.rating_value,
      reviewCount: aggregate.review_count,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("lists the given reviews in order, each matching its record", () => {
    const reviews = jsonLd.review as Node[];
    expect(reviews).toHaveLength(newest.length);
    reviews.forEach((node, index) => {
      const record = newest[index]!;
      expect(node).toMatchObject({
        "@type": "Review",
        "@id": record.url,
        author: { "@type": "Person", name: record.author.name },
        datePublished: record.date,
        reviewBody: record.text,
        reviewRating: { "@type": "Rating", ratingValue: record.rating, bestRating: 5, worstRating: 1 },
      });
    });
  });

  it("writes the address, opening hours as schema.org days, and service areas", () => {
    const { address } = dataset.business;
    expect(jsonLd.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: address.street_address,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postal_code,
      addressCountry: address.country,
    });
    const hours = jsonLd.openingHoursSpecification as Node[];
    expect(hours).toHaveLength(dataset.business.opening_hours.length);
    expect(hours[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [
        "https://schema.org/Monday",
        "https://schema.org/Tuesday",
        "https://schema.org/Wednesday",
        "https://schema.org/Thursday",
        "https://schema.org/Friday",
      ],
      opens: "07:30",
      closes: "17:30",
    });
    expect((jsonLd.areaServed as Node[]).map((area) => area.name)).toEqual(dataset.business.service_areas.map((area) => area.name));
  });

  it("survives a JSON round trip unchanged (plain data only)", () => {
    expect(JSON.parse(JSON.stringify(jsonLd))).toEqual(jsonLd);
  });
});

const baseReview: ReviewRecord = dataset.reviews[0]!;

describe("buildReviewJsonLd", () => {
  it.each([
    ["a titled review", { ...baseReview, title: "Great sweep" }, { name: "Great sweep" }],
    ["an untitled review", { ...baseReview, title: null }, {}],
  ])("maps %s", (_name, review, extra) => {
    const node = buildReviewJsonLd(review);
    expect(node).toEqual({
      "@type": "Review",
      "@id": review.url,
      url: review.url,
      ...extra,
      author: { "@type": "Person", name: review.author.name },
      datePublished: review.date,
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      reviewBody: review.text,
    });
  });

  it("names the business by @id on a review's own page", () => {
    const node = buildStandaloneReviewJsonLd(baseReview, dataset, urls);
    expect(node["@context"]).toBe("https://schema.org");
    expect(node.itemReviewed).toEqual({ "@type": BUSINESS_TYPE, "@id": getBusinessNodeId(urls), name: dataset.business.name });
  });
});

describe("serializeJsonLd", () => {
  it.each([
    ["a closing script tag", "</script><script>alert(1)</script>"],
    ["an HTML comment opener", "<!-- hi -->"],
    ["an ampersand entity", "Tom &amp; Jerry"],
    ["line and paragraph separators", "a\u2028b\u2029c"],
    ["plain text", "Dana swept the flue."],
  ])("escapes %s so the HTML parser cannot end the element, and round-trips", (_name, text) => {
    const serialized = serializeJsonLd({ reviewBody: text });
    expect(serialized).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(serialized)).toEqual({ reviewBody: text });
  });
});
