import { describe, expect, it } from "vitest";
import { IsoDateSchema, isCalendarDate } from "../../../src/lib/schema/primitives.ts";

describe("isCalendarDate (proleptic Gregorian, every four-digit year)", () => {
  it.each([
    ["0001-01-01", true],
    ["0050-06-15", true],
    ["0099-12-31", true],
    ["0100-01-01", true],
    ["0000-02-29", true],
    ["0100-02-29", false],
    ["1900-02-29", false],
    ["2000-02-29", true],
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2024-02-30", false],
    ["2024-04-31", false],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-00", false],
    ["9999-12-31", true],
    ["2024-1-01", false],
    ["20240101", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
    expect(IsoDateSchema.safeParse(value).success).toBe(expected);
  });
});
