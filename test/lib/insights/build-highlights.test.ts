import { describe, expect, it } from "vitest";
import { buildHighlights, shiftMonths } from "../../../src/lib/insights/summary/build-highlights.ts";
import { HighlightsSchema } from "../../../src/lib/schema/highlights.ts";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";

function review(id: string, date: string, rating: number, sentiment: "positive" | "negative"): ReviewRecord {
  return {
    id,
    url: `https://reviews.example/reviews/${id}/`,
    rating,
    date,
    title: null,
    text: "x",
    author: { name: "A", location: null },
    verified: { source: "google", method: "completed_job", job_date: date },
    technicians: [],
    services: [],
    service_area: null,
    response: null,
    aspects: ["punctuality", "cleanliness", "work_quality", "price_value", "communication"].map((aspect) => ({
      aspect: aspect as never,
      sentiment,
      evidence: "x",
    })),
  };
}

describe("shiftMonths", () => {
  it.each([
    ["2026-11-09", 12, "2025-11-09"],
    ["2026-03-31", 1, "2026-02-28"],
    ["2024-02-29", 12, "2023-02-28"],
    ["2026-01-15", 24, "2024-01-15"],
  ] as const)("%s minus %i months is %s", (date, months, expected) => {
    expect(shiftMonths(date, months)).toBe(expected);
  });
});

describe("buildHighlights", () => {
  const reviews = [
    review("a", "2026-06-01", 5, "positive"),
    review("b", "2026-01-10", 4, "positive"),
    review("c", "2025-03-01", 2, "negative"),
    review("d", "2024-12-01", 1, "negative"),
    review("e", "2023-01-01", 3, "negative"),
  ];
  const highlights = buildHighlights(reviews, []);

  it("uses the newest review as now and compares the last 12 months with the 12 before", () => {
    expect(highlights["latest_review_date"]).toBe("2026-06-01");
    expect(highlights["last_12_months"]).toMatchObject({ from: "2025-06-02", to: "2026-06-01", review_count: 2, average_rating: 4.5, sentiment_score: 1 });
    expect(highlights["previous_12_months"]).toMatchObject({ from: "2024-06-02", to: "2025-06-01", review_count: 2, average_rating: 1.5, sentiment_score: -1 });
    expect(highlights["trend"]).toMatchObject({
      rating: { change: 3, direction: "up" },
      sentiment: { change: 2, direction: "up" },
      review_count: { change: 0, direction: "flat" },
    });
  });

  it("counts ratings and picks no technician when there is none", () => {
    expect(highlights["rating_distribution"]).toEqual({ "1": 1, "2": 1, "3": 1, "4": 1, "5": 1 });
    expect(highlights["most_mentioned_technician"]).toBeNull();
  });

  it("handles an empty dataset", () => {
    expect(buildHighlights([], [])).toEqual({ review_count: 0 });
  });

  it.each([
    ["five reviews", highlights],
    ["no review", buildHighlights([], [])],
  ])("declares every field it writes in HighlightsSchema (%s)", (_name, built) => {
    // Parsing drops undeclared keys at every depth, so equality means the schema covers the whole value.
    expect(HighlightsSchema.parse(built)).toEqual(built);
  });
});
