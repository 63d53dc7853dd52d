import { describe, expect, it } from "vitest";
import { checkEntry, EMPTY_CONTEXT, type ContentContext } from "../../src/admin/check-entry.ts";
import { readRoster } from "../../src/lib/content/check-review.ts";
import { BUSINESS_TEXT, sampleReview, TEST_TODAY } from "../support/fixtures.ts";

const context: ContentContext = {
  roster: readRoster(JSON.parse(BUSINESS_TEXT)),
  reviewOwners: new Map([["2024-05-01-test-a", "content/reviews/2024-05-01-test-a.json"]]),
};

describe("checkEntry: the build's check of one CMS entry", () => {
  it("passes a valid new review and gives the file it will be saved to, and its text", () => {
    const check = checkEntry("review", sampleReview({ id: "2024-06-01-new-b" }), null, context, TEST_TODAY);
    expect(check).toMatchObject({ path: "content/reviews/2024-06-01-new-b.json", issues: [] });
    expect(JSON.parse(check.text)).toMatchObject({ id: "2024-06-01-new-b", rating: 5 });
  });

  it("reports what the build reports, in its words: a future date, an unknown technician, a missing field", () => {
    const review = sampleReview({ id: "2024-06-01-new-b", date: "2026-12-01", technicians: ["nobody"], text: "" });
    const { issues } = checkEntry("review", review, null, context, TEST_TODAY);
    expect(issues).toEqual([
      { file: "content/reviews/2024-06-01-new-b.json", field: "text", reason: "is required but missing" },
      {
        file: "content/reviews/2024-06-01-new-b.json",
        field: "technicians[0]",
        reason: 'unknown technician id "nobody"; use one of the ids in the business file\'s technicians',
      },
      {
        file: "content/reviews/2024-06-01-new-b.json",
        field: "date",
        reason: "2026-12-01 is after today, 2026-11-28 (UTC); a review cannot be dated in the future",
      },
    ]);
  });

  it("refuses a new review whose id another file owns, naming that file", () => {
    const { issues } = checkEntry("review", sampleReview(), null, context, TEST_TODAY);
    expect(issues).toEqual([
      {
        file: "content/reviews/2024-05-01-test-a.json",
        field: "id",
        reason: 'duplicate review id "2024-05-01-test-a", already used by content/reviews/2024-05-01-test-a.json',
      },
    ]);
  });

  it("checks a saved review as the file it is saved in, so its own id is not a duplicate", () => {
    expect(checkEntry("review", sampleReview(), "2024-05-01-test-a", context, TEST_TODAY).issues).toEqual([]);
  });

  it("skips the roster checks until the roster has been read (the save check waits for it)", () => {
    expect(checkEntry("review", sampleReview({ id: "2024-06-01-new-b", technicians: ["nobody"] }), null, EMPTY_CONTEXT, TEST_TODAY).issues).toEqual([]);
  });

  it("checks the business file's roster, the FAQ's citations and the summary like the build", () => {
    const business = JSON.parse(BUSINESS_TEXT) as { technicians: unknown[] };
    const twice = { ...business, technicians: [...business.technicians, business.technicians[0]] };
    expect(checkEntry("business", twice, "business", context, TEST_TODAY).issues).toEqual([
      { file: "content/business.json", field: `technicians[${business.technicians.length}].id`, reason: 'duplicate id "marcus-bell"' },
    ]);
    const faq = { questions: [{ id: "q", question: "Q?", answer: "A.", review_ids: ["2024-05-01-test-a", "gone"] }] };
    expect(checkEntry("faq", faq, "faq", context, TEST_TODAY).issues).toEqual([
      { file: "content/faq.json", field: "[0].review_ids[1]", reason: 'cites review "gone", which does not exist' },
    ]);
    expect(checkEntry("summary", { headline: "H" }, "summary", context, TEST_TODAY).issues).toEqual([
      { file: "content/summary.json", field: "text", reason: "is required but missing" },
    ]);
  });
});
