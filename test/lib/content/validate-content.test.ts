import { describe, expect, it } from "vitest";
import { ContentError } from "../../../src/lib/content/content-error.ts";
import { validateContent } from "../../../src/lib/content/validate-content.ts";
import { contentFiles, reviewFile, sampleReview, TEST_TODAY } from "../../support/fixtures.ts";

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).issues;
  }
  throw new Error("expected validation to fail");
}

describe("validateContent", () => {
  it("accepts a valid review and fills optional fields", () => {
    const content = validateContent(contentFiles([reviewFile(sampleReview())]), TEST_TODAY);
    expect(content.reviews).toHaveLength(1);
    expect(content.reviews[0]).toMatchObject({ id: "2024-05-01-test-a", title: null, response: null });
  });

  it.each([
    ["rating 6", { rating: 6 }, "rating", /<=\s*5|at most 5|too big/i],
    ["rating 4.5", { rating: 4.5 }, "rating", /int/i],
    ["date 2024-02-30", { date: "2024-02-30" }, "date", /not a real calendar date/],
    ["date in another format", { date: "05/01/2024" }, "date", /YYYY-MM-DD/],
    ["unknown technician id", { technicians: ["bob-smith"] }, "technicians[0]", /unknown technician id "bob-smith"/],
    ["unknown service id", { services: ["gutter-cleaning"] }, "services[0]", /unknown service id "gutter-cleaning"/],
    ["unknown service area", { service_area: "paris" }, "service_area", /unknown service area id "paris"/],
    ["missing text", { text: undefined }, "text", /required but missing/],
    ["empty text", { text: "   " }, "text", /must not be empty/],
    ["unknown field", { stars: 5 }, "(file)", /stars/],
    ["job after review", { verified: { source: "direct", method: "completed_job", job_date: "2024-06-01" } }, "verified.job_date", /after the review date/],
  ])("rejects %s, naming the file, field and reason", (_name, overrides, field, reason) => {
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview(overrides), "bad.json")]), TEST_TODAY));
    expect(issues).toContainEqual(expect.objectContaining({ file: "content/reviews/bad.json", field, reason: expect.stringMatching(reason) }));
  });

  it("rejects a duplicate id and names both files", () => {
    const issues = issuesOf(() =>
      validateContent(contentFiles([reviewFile(sampleReview()), reviewFile(sampleReview({ rating: 3 }), "b.json")]), TEST_TODAY),
    );
    expect(issues).toEqual([
      { file: "content/reviews/b.json", field: "id", reason: 'duplicate review id "2024-05-01-test-a", already used by content/reviews/2024-05-01-test-a.json' },
    ]);
  });

  it("rejects a file that is not JSON", () => {
    const issues = issuesOf(() => validateContent(contentFiles([{ path: "content/reviews/x.json", text: "{ rating: 5" }]), TEST_TODAY));
    expect(issues[0]).toMatchObject({ file: "content/reviews/x.json", field: "(file)", reason: expect.stringMatching(/not valid JSON/) });
  });

  it("rejects an FAQ answer that cites a review that does not exist", () => {
    const faq = [{ id: "how-often", question: "How often?", answer: "Yearly.", review_ids: ["nope"] }];
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview())], faq), TEST_TODAY));
    expect(issues).toEqual([{ file: "content/faq.json", field: "[0].review_ids[0]", reason: 'cites review "nope", which does not exist' }]);
  });

  it("reports every problem at once, one line each, in the error message", () => {
    const error = (() => {
      try {
        validateContent(contentFiles([reviewFile(sampleReview({ rating: 6, date: "2024-02-30" }))]), TEST_TODAY);
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toMatch(/2 problems/);
    expect(error?.message).toMatch(/content\/reviews\/2024-05-01-test-a\.json: rating: /);
    expect(error?.message).toMatch(/content\/reviews\/2024-05-01-test-a\.json: date: is not a real calendar date/);
  });

  it("rejects a file whose name is not its id, and says what to rename it to", () => {
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview(), "2024-05-01-test.json")]), TEST_TODAY));
    expect(issues).toEqual([
      { file: "content/reviews/2024-05-01-test.json", field: "id", reason: '"2024-05-01-test-a" does not match the file name; rename the file to 2024-05-01-test-a.json' },
    ]);
  });

  it("reports schema and roster errors of one file together", () => {
    const review = sampleReview({ rating: 6, technicians: ["nobody"], services: ["gutters"], service_area: "paris", date: "2024-02-30" });
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(review, "misnamed.json")]), TEST_TODAY));
    expect(issues.map((issue) => issue.field).sort()).toEqual(["date", "id", "rating", "service_area", "services[0]", "technicians[0]"]);
  });

  it("reports every error of every file in one pass", () => {
    const files = [
      reviewFile(sampleReview({ id: "2024-05-02-b", rating: 0, technicians: ["nobody"] })),
      reviewFile(sampleReview({ id: "2024-05-03-c", text: undefined }), "wrong-name.json"),
      { path: "content/reviews/2024-05-04-d.json", text: "{ not json" },
      reviewFile(sampleReview({ id: "2024-05-05-e", verified: { source: "direct", method: "completed_job", job_date: "2024-06-01" } })),
      reviewFile(sampleReview({ id: "2024-05-06-f" })),
    ];
    const issues = issuesOf(() => validateContent(contentFiles(files), TEST_TODAY));
    expect(issues.map((issue) => `${issue.file}: ${issue.field}`)).toEqual([
      "content/reviews/2024-05-02-b.json: rating",
      "content/reviews/2024-05-02-b.json: technicians[0]",
      "content/reviews/wrong-name.json: text",
      "content/reviews/wrong-name.json: id",
      "content/reviews/2024-05-04-d.json: (file)",
      "content/reviews/2024-05-05-e.json: verified.job_date",
    ]);
  });

  it("does not report a field twice: a technician id that is not a slug is a schema error only", () => {
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview({ technicians: ["Bob Smith"] }))]), TEST_TODAY));
    expect(issues).toEqual([{ file: "content/reviews/2024-05-01-test-a.json", field: "technicians[0]", reason: expect.stringMatching(/lowercase/) }]);
  });

  it("does not call an invalid review missing when the FAQ cites it", () => {
    const faq = [{ id: "how-often", question: "How often?", answer: "Yearly.", review_ids: ["2024-05-01-test-a"] }];
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview({ rating: 9 }))], faq), TEST_TODAY));
    expect(issues.map((issue) => issue.field)).toEqual(["rating"]);
  });

  describe("content that cannot lie", () => {
    const review = (overrides: Record<string, unknown>) => reviewFile(sampleReview(overrides), "2024-05-01-test-a.json");

    it("rejects a review dated after today, naming the file", () => {
      const issues = issuesOf(() =>
        validateContent(contentFiles([review({ date: "2026-11-29", verified: { source: "direct", method: "completed_job", job_date: "2026-11-20" } })]), TEST_TODAY),
      );
      expect(issues).toEqual([
        { file: "content/reviews/2024-05-01-test-a.json", field: "date", reason: "2026-11-29 is after today, 2026-11-28 (UTC); a review cannot be dated in the future" },
      ]);
    });

    it.each([
      ["a review dated today", { date: TEST_TODAY }],
      ["a reply dated today", { response: { date: TEST_TODAY, text: "Thank you!" } }],
    ])("accepts %s", (_name, overrides) => {
      expect(validateContent(contentFiles([review(overrides)]), TEST_TODAY).reviews).toHaveLength(1);
    });

    it("rejects an owner's reply dated after today", () => {
      const issues = issuesOf(() => validateContent(contentFiles([review({ response: { date: "2027-01-01", text: "Thanks!" } })]), TEST_TODAY));
      expect(issues).toEqual([
        { file: "content/reviews/2024-05-01-test-a.json", field: "response.date", reason: "2027-01-01 is after today, 2026-11-28 (UTC); a reply cannot be dated in the future" },
      ]);
    });

    it("names the file that copies an id, not the original, whatever order the names sort in", () => {
      // The copy sorts first: it is still the one reported, and the original is left alone.
      const files = [reviewFile(sampleReview({ rating: 3 }), "2024-01-01-aaa.json"), reviewFile(sampleReview())];
      const issues = issuesOf(() => validateContent(contentFiles(files), TEST_TODAY));
      expect(issues).toEqual([
        { file: "content/reviews/2024-01-01-aaa.json", field: "id", reason: 'duplicate review id "2024-05-01-test-a", already used by content/reviews/2024-05-01-test-a.json' },
      ]);
    });

    it("never repeats the field in its reason, so a message reads file: field: reason once", () => {
      const bad = sampleReview({
        id: "2024-05-01-test-b",
        date: "2026-12-01",
        verified: { source: "direct", method: "completed_job", job_date: "2026-12-02" },
        response: { date: "2026-11-30", text: "Thanks" },
        technicians: ["nobody"],
      });
      const issues = issuesOf(() => validateContent(contentFiles([reviewFile(bad, "misnamed.json"), reviewFile(sampleReview({ id: "2024-05-01-test-b" }), "copy.json")]), TEST_TODAY));
      expect(issues.length).toBeGreaterThanOrEqual(5);
      for (const issue of issues) {
        const words = issue.field.split(/[.[\]]/).filter((word) => word !== "" && !/^\d+$/.test(word));
        for (const word of words) expect(issue.reason.toLowerCase().startsWith(word.replaceAll("_", " ")), `${issue.field}: ${issue.reason}`).toBe(false);
        expect(issue.reason.startsWith(issue.field)).toBe(false);
      }
    });
  });
});
