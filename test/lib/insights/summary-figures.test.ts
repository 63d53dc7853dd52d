import { describe, expect, it } from "vitest";
import { checkSummaryFigures, fillSummaryFigures } from "../../../src/lib/insights/summary/fill-figures.ts";
import { SummaryContentSchema } from "../../../src/lib/schema/editorial.ts";

describe("editorial summary figures", () => {
  it("fills the placeholders from the ratings, so the text never goes stale", () => {
    const text = "Across {review_count} reviews averaging about {average_rating} stars, {five_star_percent}% of them five.";
    expect(fillSummaryFigures(text, [5, 4, 5, 3])).toBe("Across 4 reviews averaging about 4.3 stars, 50% of them five.");
    expect(fillSummaryFigures(text, [...Array.from({ length: 1200 }, () => 5), 1])).toBe("Across 1,201 reviews averaging about 5.0 stars, 100% of them five.");
  });

  it.each([
    ["Across 135 reviews, customers praise the crew.", '"135 reviews"'],
    ["Averaging about 4.1 stars.", "4.1"],
    ["Reviews average 4.1 out of five.", '"average 4.1"'],
    ["Across {reviews} reviews.", "{reviews} is no figure"],
  ])("refuses %j with a message that says what to write", (text, named) => {
    const problems = checkSummaryFigures(text);
    expect(problems.join(" ")).toContain(named);
  });

  it("accepts other numbers: waits, years, Level 2", () => {
    expect(checkSummaryFigures("Waits of three to four weeks, 2026 price increases and Level 2 reports.")).toEqual([]);
  });

  it("fails the summary file on the field that holds a stale figure", () => {
    const result = SummaryContentSchema.safeParse({ headline: "Fine", text: "Across 135 reviews, good." });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["text"]);
    expect(result.error!.issues[0]!.message).toContain("{review_count}");
  });
});
