import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildRatingDistributionChart, computePercent, type StarDistribution } from "../../../src/lib/charts/rating-distribution-chart.ts";

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["g", "rect", "text"].includes(name) });

function parseChart(svg: string): { svg: Node; rows: Node[] } {
  expect(XMLValidator.validate(svg)).toBe(true);
  const root = (parser.parse(svg) as { svg: Node }).svg;
  return { svg: root, rows: (root.g as Node[] | undefined) ?? [] };
}

const textOf = (node: unknown): string => (typeof node === "object" && node !== null ? String((node as Node)["#text"]) : String(node));

const REAL: StarDistribution = { "1": 13, "2": 6, "3": 14, "4": 21, "5": 81 };
const EMPTY: StarDistribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
const ONE_STAR: StarDistribution = { "1": 3, "2": 0, "3": 0, "4": 0, "5": 0 };

describe("buildRatingDistributionChart", () => {
  it.each([
    ["the real distribution", REAL],
    ["no reviews at all", EMPTY],
    ["only one-star reviews", ONE_STAR],
  ])("draws one row per star, 5 down to 1, with data-star and data-count for %s", (_name, distribution) => {
    const { rows } = parseChart(buildRatingDistributionChart(distribution));
    expect(rows.map((row) => row["@data-star"])).toEqual(["5", "4", "3", "2", "1"]);
    expect(rows.map((row) => Number(row["@data-count"]))).toEqual([5, 4, 3, 2, 1].map((star) => distribution[String(star) as keyof StarDistribution]));
  });

  it.each([
    ["5", 81, 60, "81 (60%)", 127.2],
    ["4", 21, 16, "21 (16%)", 32.98],
    ["3", 14, 10, "14 (10%)", 21.99],
    ["2", 6, 4, "6 (4%)", 9.42],
    ["1", 13, 10, "13 (10%)", 20.41],
  ])("labels the %s-star bar with its count and share and sizes it by share", (star, count, percent, label, width) => {
    const { rows } = parseChart(buildRatingDistributionChart(REAL));
    const row = rows.find((candidate) => candidate["@data-star"] === star)!;
    expect(Number(row["@data-count"])).toBe(count);
    expect(Number(row["@data-percent"])).toBe(percent);
    const texts = (row.text as unknown[]).map(textOf);
    expect(texts).toEqual([star === "1" ? "1 star" : `${star} stars`, label]);
    const bar = (row.rect as Node[]).find((rect) => String(rect["@class"]).includes("chart-bar"))!;
    expect(Number(bar["@width"])).toBeCloseTo(width, 2);
  });

  it("draws zero-width bars and 0% when there are no reviews", () => {
    const { rows } = parseChart(buildRatingDistributionChart(EMPTY));
    for (const row of rows) {
      expect(row["@data-percent"]).toBe("0");
      expect((row.rect as Node[]).find((rect) => String(rect["@class"]).includes("chart-bar"))!["@width"]).toBe("0");
    }
  });

  it("is a labelled image: role img, aria-labelledby naming its title and desc, and the figures in desc", () => {
    const { svg } = parseChart(buildRatingDistributionChart(REAL, { id: "home-stars" }));
    expect(svg["@role"]).toBe("img");
    expect(svg["@aria-labelledby"]).toBe("home-stars-title home-stars-desc");
    expect(svg["@data-chart"]).toBe("rating-distribution");
    expect(textOf(svg.title)).toBe("Reviews by star rating");
    expect(textOf(svg.desc)).toBe("135 reviews in all. 5 stars: 81 (60%); 4 stars: 21 (16%); 3 stars: 14 (10%); 2 stars: 6 (4%); 1 star: 13 (10%).");
  });

  it("returns the same bytes for the same input (deterministic builds)", () => {
    expect(buildRatingDistributionChart(REAL)).toBe(buildRatingDistributionChart({ ...REAL }));
  });
});

describe("computePercent", () => {
  it.each([
    [81, 135, 60],
    [1, 3, 33],
    [2, 3, 67],
    [0, 0, 0],
    [5, 5, 100],
  ])("%i of %i is %i%", (count, total, expected) => {
    expect(computePercent(count, total)).toBe(expected);
  });
});
