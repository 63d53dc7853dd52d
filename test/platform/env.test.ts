import { describe, expect, it } from "vitest";
import { getBuildDate } from "../../src/platform/env.ts";

describe("getBuildDate", () => {
  const clock = () => new Date("2026-11-28T23:59:59Z");

  it("is the clock's date in UTC when SOURCE_DATE_EPOCH is unset or empty", () => {
    expect(getBuildDate({}, clock)).toBe("2026-11-28");
    expect(getBuildDate({ SOURCE_DATE_EPOCH: "" }, clock)).toBe("2026-11-28");
  });

  it.each([
    ["0", "1970-01-01"],
    ["1714604400", "2024-05-01"],
    ["1714608000", "2024-05-02"],
  ])("SOURCE_DATE_EPOCH=%s fixes it to %s, whatever the clock says", (epoch, date) => {
    expect(getBuildDate({ SOURCE_DATE_EPOCH: epoch }, clock)).toBe(date);
  });

  it.each(["yesterday", "-1", "1.5", "1e9"])("refuses SOURCE_DATE_EPOCH=%s", (epoch) => {
    expect(() => getBuildDate({ SOURCE_DATE_EPOCH: epoch }, clock)).toThrow(/SOURCE_DATE_EPOCH must be a whole number of seconds/);
  });
});
