import * as z from "../zod.ts";

/** URL-safe identifier: lowercase letters, digits and single hyphens. */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single hyphens (URL-safe)")
  .max(120);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is `YYYY-MM-DD` and names a real calendar day (2024-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date written `YYYY-MM-DD`; impossible dates such as 2024-02-30 are refused. */
export const IsoDateSchema = z
  .string()
  .regex(ISO_DATE, { error: "must be a date written YYYY-MM-DD", abort: true })
  .refine(isCalendarDate, { message: "is not a real calendar date" });

export const NonEmptyTextSchema = z.string().trim().min(1, "must not be empty");
