import * as z from "../zod.ts";
import type { ValidationIssue } from "../http/validation-error.ts";
import { toValidationIssues } from "../http/validation-error.ts";
import type { Result } from "../result.ts";

export type ParseResult<T> = Result<T, { issues: ValidationIssue[] }>;

/** A whole number written as plain digits, with an optional sign: "10", "-1"; not "10.0", "1e2" or "0x10". */
const INTEGER = /^[+-]?\d+$/;
/** A number in plain decimal notation: "3.5", "4", ".5"; not "1e1", "Infinity" or "0x10". */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The notation a query-string value must have to be read as a number for this field, or null for a text field. */
function numberNotation(schema: z.ZodType): RegExp | null {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap();
  if (!(current instanceof z.ZodNumber)) return null;
  // z.int() and its sized kin (int32, uint32) carry an integer format; plain z.number() has none.
  return current.format?.includes("int") ? INTEGER : DECIMAL;
}

/**
 * Validates a query string against an object schema, so the REST endpoint and
 * the MCP tool share one set of rules. Query strings only carry text, so one
 * notation rule applies: an integer field (rating, limit) takes plain digits
 * only ("10", not "10.0" or "1e2"), and a decimal field (min_rating) takes
 * plain decimal notation ("3.5", not "35e-1"). Anything else stays a string
 * and fails as a non-number. Repeated and empty parameters are refused here,
 * before the schema sees them; each parameter gets at most one issue.
 */
export function parseQueryString<S extends z.ZodObject>(params: URLSearchParams, schema: S): ParseResult<z.output<S>> {
  const issues: ValidationIssue[] = [];
  // No prototype: a key such as "__proto__" is then an own key like any other, and the schema refuses it as unknown.
  const raw: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    // An unknown key, repeated or not, is reported once as unknown by the schema below.
    const known = Object.hasOwn(shape, key);
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
