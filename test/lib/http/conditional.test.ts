import { describe, expect, it } from "vitest";
import { isNotModified } from "../../../src/lib/http/conditional.ts";
import { computeStrongEtag, matchesIfNoneMatch } from "../../../src/lib/http/etag.ts";
import { formatHttpDate, parseHttpDate } from "../../../src/lib/http/http-date.ts";

const ETAG = computeStrongEtag("body");
const LAST_MODIFIED = formatHttpDate("2026-11-09");

describe("If-None-Match (RFC 9110 §13.1.2, weak comparison)", () => {
  it.each([
    ["the same strong tag", ETAG, true],
    ["the weak form of the tag", `W/${ETAG}`, true],
    ["a list containing it", `"a", ${ETAG}`, true],
    ["a list with spaces and a weak member", ` W/"x" ,W/${ETAG} `, true],
    ["*", "*", true],
    ["another tag", '"other"', false],
    ["an unquoted tag", ETAG.slice(1, -1), false],
    ["garbage", "\u0000\u00ff;;", false],
    ["an empty value", "", false],
  ])("%s → matches: %s", (_name, header, expected) => {
    expect(matchesIfNoneMatch(header, ETAG)).toBe(expected);
  });
});

describe("HTTP-date parsing (RFC 9110 §5.6.7)", () => {
  it.each([
    ["IMF-fixdate", "Mon, 09 Nov 2026 00:00:00 GMT", Date.UTC(2026, 10, 9) / 1000],
    ["RFC 850", "Monday, 09-Nov-26 00:00:00 GMT", Date.UTC(2026, 10, 9) / 1000],
    ["asctime", "Mon Nov  9 00:00:00 2026", Date.UTC(2026, 10, 9) / 1000],
    ["an ISO date", "2026-11-09", null],
    ["a bare year", "2026", null],
    ["an impossible day", "Mon, 31 Feb 2026 00:00:00 GMT", null],
    ["a year below 100, not read as 19xx", "Wed, 15 Jun 0050 00:00:00 GMT", Date.parse("0050-06-15T00:00:00Z") / 1000],
    ["29 February of a century that is not a leap year", "Mon, 29 Feb 2100 00:00:00 GMT", null],
    ["garbage", "yesterday", null],
  ])("%s", (_name, value, expected) => {
    expect(parseHttpDate(value)).toBe(expected);
  });

  it("formats dates as IMF-fixdate at midnight UTC", () => {
    expect(LAST_MODIFIED).toBe("Mon, 09 Nov 2026 00:00:00 GMT");
  });
});

describe("isNotModified (RFC 9110 §13.2.2 precedence)", () => {
  const check = (headers: Record<string, string>, method = "GET") => isNotModified(method, new Headers(headers), { etag: ETAG, lastModified: LAST_MODIFIED });

  it.each([
    ["no conditional headers", {}, false],
    ["matching If-None-Match", { "If-None-Match": ETAG }, true],
    ["If-Modified-Since equal to Last-Modified", { "If-Modified-Since": LAST_MODIFIED }, true],
    ["If-Modified-Since after Last-Modified", { "If-Modified-Since": "Tue, 10 Nov 2026 00:00:00 GMT" }, true],
    ["If-Modified-Since before Last-Modified", { "If-Modified-Since": "Sun, 08 Nov 2026 23:59:59 GMT" }, false],
    ["an invalid If-Modified-Since, which is ignored", { "If-Modified-Since": "not a date" }, false],
    ["non-matching If-None-Match wins over a matching If-Modified-Since", { "If-None-Match": '"x"', "If-Modified-Since": LAST_MODIFIED }, false],
    ["matching If-None-Match wins over an old If-Modified-Since", { "If-None-Match": ETAG, "If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT" }, true],
  ])("%s → 304: %s", (_name, headers, expected) => {
    expect(check(headers)).toBe(expected);
    expect(check(headers, "HEAD")).toBe(expected);
  });

  it("never answers 304 to other methods", () => {
    expect(check({ "If-None-Match": "*" }, "POST")).toBe(false);
  });
});
