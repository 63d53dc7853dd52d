import { describe, expect, it } from "vitest";
import { encodedEtag, isCompressible, selectContentCoding } from "../../src/server/content-encoding.ts";
import { answerStaticMethod } from "../../src/server/static-methods.ts";

describe("selectContentCoding", () => {
  it.each([
    [null, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["*", "br"],
    ["*, br;q=0", "gzip"],
    ["deflate", null],
  ])("Accept-Encoding %j → %j", (header, coding) => {
    expect(selectContentCoding(header)).toBe(coding);
  });
});

describe("isCompressible", () => {
  it.each([
    ["application/json; charset=utf-8", true],
    ["application/feed+json; charset=utf-8", true],
    ["application/atom+xml; charset=utf-8", true],
    ["text/html; charset=utf-8", true],
    ["image/svg+xml", true],
    ["image/png", false],
    ["font/woff2", false],
    [null, false],
  ])("%s → %s", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

it("an encoded variant gets its own strong tag", () => {
  expect(encodedEtag('"abc"', "br")).toBe('"abc-br"');
});

describe("answerStaticMethod", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    const response = answerStaticMethod(method)!;
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers OPTIONS as a CORS preflight, and leaves GET and HEAD to the caller", () => {
    expect(answerStaticMethod("OPTIONS")!.status).toBe(204);
    expect(answerStaticMethod("GET")).toBeNull();
    expect(answerStaticMethod("HEAD")).toBeNull();
  });
});
