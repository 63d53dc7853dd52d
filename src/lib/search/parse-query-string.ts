import * as z from "../zod.ts";
import type { ValidationIssue } from "../http/validation-error.ts";
import { toValidationIssues } from "../http/validation-error.ts";
import type { Result } from "../result.ts";

export type ParseResult<T> = Result<T, { issues: ValidationIssue[] }>;

/**
 * Numbers as JSON writes them (RFC 8259 §6), without an exponent, so a value
 * has one spelling: "10", "-1", "3.5"; not "+4", "04", "4.", ".5", "10.0"
 * for an integer, "1e2" or "0x10". The MCP tool takes the same values as JSON.
 */
const INTEGER = /^-?(?:0|[1-9]\d*)$/;
const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** The notation a query-string value must have to be read as a number for this field, or null for a text field. */
function numberNotation(schema: z.ZodType): RegExp | null {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap();
  if (!(current instanceof z.ZodNumber)) return null;
  // z.int() and its sized kin (int32, uint32) carry an integer format; plain z.number() has none.
  return current.format?.includes("int") ? INTEGER : DECIMAL;
}

/** One `application/x-www-form-urlencoded` component decoded, or null when its percent-encoding is broken or not UTF-8. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return null;
  }
}

/**
 * The query's `name=value` pairs, decoded as URLSearchParams decodes them,
 * except that a `%` not followed by two hex digits, or bytes that are not
 * UTF-8, are an issue (RFC 3986 §2.1) instead of being read as typed or as
 * U+FFFD: `query=%ZZ` would otherwise search for the text "%ZZ".
 */
function decodeQuery(search: string): { pairs: [string, string][]; issues: ValidationIssue[] } {
  const pairs: [string, string][] = [];
  const issues: ValidationIssue[] = [];
  for (const part of (search.startsWith("?") ? search.slice(1) : search).split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const [rawName, rawValue] = equals === -1 ? [part, ""] : [part.slice(0, equals), part.slice(equals + 1)];
    const name = decodeComponent(rawName);
    const value = decodeComponent(rawValue);
    if (name === null || value === null) {
      issues.push({
        path: [name ?? rawName],
        code: "invalid_encoding",
        message: `${name ?? rawName} is not valid percent-encoding: write "%" as %25, and other characters as the %XX of their UTF-8 bytes`,
      });
      continue;
    }
    pairs.push([name, value]);
  }
  return { pairs, issues };
}

/**
 * Validates a query string (with or without its "?") against an object schema, so the REST
 * endpoint and the MCP tool share one set of rules. A number field takes a number written as JSON
 * writes it (INTEGER, DECIMAL); anything else stays a string and fails as a non-number. Broken
 * percent-encoding, repeated and empty parameters are refused before the schema sees them; each
 * parameter gets at most one issue.
 */
export function parseQueryString<S extends z.ZodObject>(search: string, schema: S): ParseResult<z.output<S>> {
  const { pairs, issues } = decodeQuery(search);
  // No prototype: a key such as "__proto__" is then an own key like any other, and the schema refuses it as unknown.
  const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const shape = schema.shape as Record<string, z.ZodType>;
  const params = new Map<string, string[]>();
  for (const [name, value] of pairs) params.set(name, [...(params.get(name) ?? []), value]);
  for (const [key, values] of params) {
    // An unknown key, repeated or not, is reported once as unknown by the schema below.
    const known = Object.hasOwn(shape, key);
    if (issues.some((issue) => issue.path[0] === key)) continue;
    if (values.length > 1 && known) {
      issues.push({ path: [key], code: "repeated_parameter", message: `${key} is given ${values.length} times; give it once` });
      continue;
    }
    const value = values[0]!;
    if (value.trim() === "" && known) {
      issues.push({ path: [key], code: "empty_parameter", message: `${key} is empty; give a value or leave the parameter out` });
      continue;
    }
    const notation = known ? numberNotation(shape[key]!) : null;
    raw[key] = notation?.test(value) ? Number(value) : value;
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const reported = new Set(issues.map((issue) => String(issue.path[0])));
    for (const issue of toValidationIssues(result.error, Object.keys(shape))) {
      if (!reported.has(String(issue.path[0]))) issues.push(issue);
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: result.data! };
}
