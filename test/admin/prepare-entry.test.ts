import { describe, expect, it } from "vitest";
import { prepareEntry } from "../../src/admin/check-entry.ts";
import { isBlank, serializeContent } from "../../src/admin/prepare-entry.ts";

describe("prepareEntry (what a form's data is saved as)", () => {
  const form = {
    text: "Great",
    rating: 5,
    date: "2026-11-20",
    id: "2026-11-20-jane-d",
    title: "",
    author: { name: "Jane D.", location: "" },
    verified: { source: "google", method: "completed_job", job_date: "2026-11-18" },
    technicians: ["dana-okafor"],
    response: { date: "", text: "" },
  };

  it("writes the schema's keys in the schema's order, blank optional fields as null and defaults filled", () => {
    const prepared = prepareEntry("review", form);
    expect(Object.keys(prepared as object)).toEqual([
      "id",
      "rating",
      "date",
      "title",
      "text",
      "author",
      "verified",
      "technicians",
      "services",
      "service_area",
      "response",
    ]);
    expect(prepared).toMatchObject({ title: null, author: { name: "Jane D.", location: null }, services: [], service_area: null, response: null });
  });

  it("leaves a blank required field out, so the schema calls it missing, and keeps a half-filled response for the schema to refuse", () => {
    const prepared = prepareEntry("review", { ...form, text: "", response: { date: "2026-11-21", text: "" } }) as Record<string, unknown>;
    expect("text" in prepared).toBe(false);
    expect(prepared.response).toEqual({ date: "2026-11-21" });
  });

  it("keeps keys the schema does not know, for the schema to refuse", () => {
    expect(prepareEntry("review", { ...form, stars: 5 })).toHaveProperty("stars", 5);
  });

  it("reads the FAQ's questions as the list the file holds", () => {
    const questions = [{ id: "q", question: "Q?", answer: "A.", review_ids: [] }];
    expect(prepareEntry("faq", { questions })).toEqual(questions);
  });

  it.each([
    [undefined, true],
    ["", true],
    [Number.NaN, true],
    [[], true],
    [{ date: "", text: "" }, true],
    [0, false],
    ["x", false],
    [{ date: "", text: "x" }, false],
  ])("isBlank(%j) is %s", (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it("serializes as two-space JSON with a final newline", () => {
    expect(serializeContent({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
