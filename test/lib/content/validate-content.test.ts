import { describe, expect, it } from "vitest";
import { ContentError } from "../../../src/lib/content/content-error.ts";
import { validateContent } from "../../../src/lib/content/validate-content.ts";
import { contentFiles, reviewFile, sampleReview } from "../../support/fixtures.ts";

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
    const content = validateContent(contentFiles([reviewFile(sampleReview())]));
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
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview(overrides), "bad.json")])));
    expect(issues).toContainEqual(expect.objectContaining({ file: "content/reviews/bad.json", field, reason: expect.stringMatching(reason) }));
  });

  it("rejects a duplicate id and names both files", () => {
    const issues = issuesOf(() =>
      validateContent(contentFiles([reviewFile(sampleReview()), reviewFile(sampleReview({ rating: 3 }), "b.json")])),
    );
    expect(issues).toEqual([
      { file: "content/reviews/b.json", field: "id", reason: 'duplicate review id "2024-05-01-test-a", already used by content/reviews/2024-05-01-test-a.json' },
    ]);
  });

  it("rejects a file that is not JSON", () => {
    const issues = issuesOf(() => validateContent(contentFiles([{ path: "content/reviews/x.json", text: "{ rating: 5" }])));
    expect(issues[0]).toMatchObject({ file: "content/reviews/x.json", field: "(file)", reason: expect.stringMatching(/not valid JSON/) });
  });

  it("rejects an FAQ answer that cites a review that does not exist", () => {
    const faq = [{ id: "how-often", question: "How often?", answer: "Yearly.", review_ids: ["nope"] }];
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview())], faq)));
    expect(issues).toEqual([{ file: "content/faq.json", field: "[0].review_ids[0]", reason: 'cites review "nope", which does not exist' }]);
  });

  it("reports every problem at once, one line each, in the error message", () => {
    const error = (() => {
      try {
        validateContent(contentFiles([reviewFile(sampleReview({ rating: 6, date: "2024-02-30" }))]));
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
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview(), "2024-05-01-test.json")])));
    expect(issues).toEqual([
      { file: "content/reviews/2024-05-01-test.json", field: "id", reason: 'id "2024-05-01-test-a" does not match the file name; rename the file to 2024-05-01-test-a.json' },
    ]);
  });

  it("reports schema and roster errors of one file together", () => {
    const review = sampleReview({ rating: 6, technicians: ["nobody"], services: ["gutters"], service_area: "paris", date: "2024-02-30" });
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(review, "misnamed.json")])));
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
    const issues = issuesOf(() => validateContent(contentFiles(files)));
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
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview({ technicians: ["Bob Smith"] }))])));
    expect(issues).toEqual([{ file: "content/reviews/2024-05-01-test-a.json", field: "technicians[0]", reason: expect.stringMatching(/lowercase/) }]);
  });

  it("does not call an invalid review missing when the FAQ cites it", () => {
    const faq = [{ id: "how-often", question: "How often?", answer: "Yearly.", review_ids: ["2024-05-01-test-a"] }];
    const issues = issuesOf(() => validateContent(contentFiles([reviewFile(sampleReview({ rating: 9 }))], faq)));
    expect(issues.map((issue) => issue.field)).toEqual(["rating"]);
  });
});
