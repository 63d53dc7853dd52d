import * as z from "../zod.ts";

/** URL-safe identifier: lowercase letters, digits and single hyphens. */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens (URL-safe)")
  .max(120);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1-12) of `year` in the proleptic Gregorian calendar (ISO 8601). */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** `YYYY-MM-DD` for a day given as numbers (month 1-12). */
export function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Midnight UTC of a day (month 1-12), for every four-digit year: Date.UTC would read years 0 to 99 as 1900 to 1999. */
export function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/**
 * True when `value` is `YYYY-MM-DD` and names a real calendar day (2024-02-30
 * is not), for every four-digit year: counted, not through Date.UTC, which
 * reads years 0 to 99 as 1900 to 1999.
 */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar date written `YYYY-MM-DD`; impossible dates such as 2024-02-30 are refused. */
export const IsoDateSchema = z
  .string()
  .regex(ISO_DATE, { error: "must be a date written YYYY-MM-DD", abort: true })
  .refine(isCalendarDate, { message: "is not a real calendar date" });

export const NonEmptyTextSchema = z.string().trim().min(1, "must not be empty");
