import { describe, expect, it } from "vitest";
import { deriveReviewId, slugifyName } from "../../src/admin/review-id.ts";

describe("deriveReviewId", () => {
  const none = () => false;

  it.each([
    ["Jane D.", "jane-d"],
    ["  José Ñúñez  ", "jose-nunez"],
    ["O'Brien & Sons", "o-brien-sons"],
  ])("slugifies %j as %s", (name, slug) => {
    expect(slugifyName(name)).toBe(slug);
  });

  it("is the date and the reviewer's name, like the ids in content/reviews", () => {
    expect(deriveReviewId("2026-11-09", "Sharon E.", none)).toBe("2026-11-09-sharon-e");
  });

  it("takes the next free -2, -3 when the id is taken", () => {
    const taken = new Set(["2026-11-09-sharon-e", "2026-11-09-sharon-e-2"]);
    expect(deriveReviewId("2026-11-09", "Sharon E.", (id) => taken.has(id))).toBe("2026-11-09-sharon-e-3");
  });

  it.each([
    ["no date", "", "Jane"],
    ["an impossible date", "2026-02-30", "Jane"],
    ["no name", "2026-11-09", ""],
    ["a name without letters or digits", "2026-11-09", "!!"],
  ])("is null with %s", (_what, date, name) => {
    expect(deriveReviewId(date, name, none)).toBeNull();
  });
});
