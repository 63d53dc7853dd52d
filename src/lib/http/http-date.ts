import { daysInMonth, utcMidnight } from "../schema/primitives.ts";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const IMF_FIXDATE = new RegExp(`^(?:${DAYS.join("|")}), (\\d{2}) (${MONTHS.join("|")}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS.join("|")}), (\\d{2})-(${MONTHS.join("|")})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const ASCTIME_DATE = new RegExp(`^(?:${DAYS.join("|")}) (${MONTHS.join("|")}) ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);

function toEpochSeconds(year: number, month: string, day: number, hour: number, minute: number, second: number): number | null {
  const monthIndex = MONTHS.indexOf(month);
  if (hour > 23 || minute > 59 || second > 60) return null;
  if (day < 1 || day > daysInMonth(year, monthIndex + 1)) return null;
  const date = utcMidnight(year, monthIndex + 1, day);
  date.setUTCHours(hour, minute, Math.min(second, 59));
  return date.getTime() / 1000;
}

/**
 * Parses an HTTP-date in any of the three formats RFC 9110 §5.6.7 requires a
 * recipient to accept. Returns seconds since the epoch, or null for anything
 * else; an invalid `If-Modified-Since` is then ignored (§13.1.3).
 */
export function parseHttpDate(value: string): number | null {
  const text = value.trim();
  let match = IMF_FIXDATE.exec(text);
  if (match) return toEpochSeconds(Number(match[3]), match[2]!, Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]));
  match = RFC850_DATE.exec(text);
  if (match) {
    // Two-digit years: §5.6.7 says a year more than 50 years ahead is in the past century.
    const yy = Number(match[3]);
    const year = yy + (yy >= 70 ? 1900 : 2000);
    return toEpochSeconds(year, match[2]!, Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]));
  }
  match = ASCTIME_DATE.exec(text);
  if (match) return toEpochSeconds(Number(match[6]), match[1]!, Number(match[2]!.trim()), Number(match[3]), Number(match[4]), Number(match[5]));
  return null;
}

/** IMF-fixdate for a calendar date at 00:00:00 UTC, e.g. `Sun, 22 Nov 2026 00:00:00 GMT`. */
export function formatHttpDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toUTCString();
}
