import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildAspectSentimentChart, summarizeMentions, type AspectSentimentRow } from "../../../src/lib/charts/aspect-sentiment-chart.ts";
import { formatAspectLabel, formatScore } from "../../../src/lib/charts/labels.ts";

type Node = Record<string, unknown>;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["g", "rect", "text"].includes(name) });
const textOf = (node: unknown): string => (typeof node === "object" && node !== null ? String((node as Node)["#text"]) : String(node));

function parseChart(svg: string): { svg: Node; rows: Node[] } {
  expect(XMLValidator.validate(svg)).toBe(true);
  const root = (parser.parse(svg) as { svg: Node }).svg;
  return { svg: root, rows: ((root.g as Node[] | undefined) ?? []).filter((group) => group["@data-aspect"] !== undefined) };
}

const row = (aspect: string, positive: number, mixed: number, negative: number, score: number): AspectSentimentRow => ({
  aspect,
  mentions: { positive, mixed, negative, total: positive + mixed + negative },
  score,
});

const ROWS = [row("punctuality", 30, 2, 10, 0.48), row("work_quality", 60, 4, 6, 0.77), row("price_value", 5, 3, 12, -0.35), row("scheduling", 0, 0, 0, 0)];

describe("buildAspectSentimentChart", () => {
  it("draws one group per aspect in input order with data-aspect, data-total and data-score", () => {
    const { rows } = parseChart(buildAspectSentimentChart(ROWS));
    expect(rows.map((group) => [group["@data-aspect"], Number(group["@data-total"]), Number(group["@data-score"])])).toEqual(
      ROWS.map((input) => [input.aspect, input.mentions.total, input.score]),
    );
  });

  it.each(ROWS.map((input) => [input.aspect, input] as const))("gives %s one segment per sentiment carrying its count", (aspect, input) => {
    const { rows } = parseChart(buildAspectSentimentChart(ROWS));
    const group = rows.find((candidate) => candidate["@data-aspect"] === aspect)!;
    const segments = (group.rect as Node[]).filter((rect) => rect["@data-sentiment"] !== undefined);
    expect(segments.map((segment) => [segment["@data-sentiment"], Number(segment["@data-count"])])).toEqual([
      ["positive", input.mentions.positive],
      ["mixed", input.mentions.mixed],
      ["negative", input.mentions.negative],
    ]);
  });

  it.each([
    ["work_quality", 70, [308.57, 20.57, 30.86]],
    ["punctuality", 42, [154.29, 10.29, 51.43]],
    ["scheduling", 0, [0, 0, 0]],
  ] as const)("scales %s (total %i) so the largest total spans the full width", (aspect, _total, widths) => {
    const { rows } = parseChart(buildAspectSentimentChart(ROWS));
    const group = rows.find((candidate) => candidate["@data-aspect"] === aspect)!;
    const segments = (group.rect as Node[]).filter((rect) => rect["@data-sentiment"] !== undefined);
    segments.forEach((segment, index) => expect(Number(segment["@width"])).toBeCloseTo(widths[index]!, 2));
    const ends = segments.map((segment) => Number(segment["@x"]) + Number(segment["@width"]));
    expect(ends.at(-1)).toBeLessThanOrEqual(360.01);
  });

  it.each([
    ["punctuality", ["Punctuality", "42 mentions", "30 positive · 2 mixed · 10 negative · score +0.48"]],
    ["price_value", ["Price and value", "20 mentions", "5 positive · 3 mixed · 12 negative · score \u22120.35"]],
    ["scheduling", ["Scheduling", "0 mentions", "0 positive · 0 mixed · 0 negative · score 0.00"]],
  ] as const)("writes %s's figures as text, not only as colour", (aspect, texts) => {
    const { rows } = parseChart(buildAspectSentimentChart(ROWS));
    const group = rows.find((candidate) => candidate["@data-aspect"] === aspect)!;
    expect((group.text as unknown[]).map(textOf)).toEqual(texts);
  });

  it("is a labelled image whose desc carries every figure", () => {
    const { svg } = parseChart(buildAspectSentimentChart(ROWS.slice(0, 1), { id: "aspects" }));
    expect(svg["@role"]).toBe("img");
    expect(svg["@aria-labelledby"]).toBe("aspects-title aspects-desc");
    expect(svg["@data-chart"]).toBe("aspect-sentiment");
    expect(textOf(svg.desc)).toBe("Mentions of each aspect by sentiment. Punctuality: 42 mentions, 30 positive · 2 mixed · 10 negative, score +0.48.");
  });

  it("says there is nothing yet when there are no aspects", () => {
    const svg = buildAspectSentimentChart([]);
    const { svg: root, rows } = parseChart(svg);
    expect(rows).toEqual([]);
    expect(textOf(root.desc)).toMatch(/No aspect mentions/);
    expect(svg).toContain("No aspect mentions yet.");
  });

  it("escapes markup in an aspect id it does not know", () => {
    const svg = buildAspectSentimentChart([row('<b>"odd"&', 1, 0, 0, 1)]);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<b>");
  });
});

describe("labels", () => {
  it.each([
    ["work_quality", "Work quality"],
    ["price_value", "Price and value"],
    ["communication", "Communication"],
    ["brand_new-aspect", "Brand new aspect"],
  ])("formatAspectLabel(%s) is %s", (aspect, label) => {
    expect(formatAspectLabel(aspect)).toBe(label);
  });

  it.each([
    [0.5, "+0.50"],
    [-0.25, "\u22120.25"],
    [0, "0.00"],
    [-0.001, "0.00"],
    [1, "+1.00"],
  ])("formatScore(%d) is %s", (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  it("summarizes mentions in stacking order", () => {
    expect(summarizeMentions({ positive: 1, negative: 2, mixed: 3, total: 6 })).toBe("1 positive · 3 mixed · 2 negative");
  });
});
