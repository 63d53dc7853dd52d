import * as z from "../zod.ts";
import type { ValidationIssue } from "../http/validation-error.ts";
import { toValidationIssues } from "../http/validation-error.ts";
import type { Result } from "../result.ts";

export type ParseResult<T> = Result<T, { issues: ValidationIssue[] }>;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isNumberField(schema: z.ZodType): boolean {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap();
  return current instanceof z.ZodNumber;
}

/**
 * Validates a query string against an object schema, so the REST endpoint and
 * the MCP tool share one set of rules. Query strings only carry text, so a
 * number field accepts plain decimal notation and nothing else ("0x10", "1e1"
 * and "" stay strings and fail as non-numbers). Repeated and empty parameters
 * are refused here, before the schema sees them.
 */
export function parseQueryString<S extends z.ZodObject>(params: URLSearchParams, schema: S): ParseResult<z.output<S>> {
  const issues: ValidationIssue[] = [];
  const raw: Record<string, unknown> = {};
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) {
      issues.push({ path: [key], code: "repeated_parameter", message: `${key} is given ${values.length} times; give it once` });
      continue;
    }
    const value = values[0]!;
    if (value.trim() === "" && key in shape) {
      issues.push({ path: [key], code: "empty_parameter", message: `${key} is empty; give a value or leave the parameter out` });
      continue;
    }
    raw[key] = key in shape && isNumberField(shape[key]!) && DECIMAL.test(value) ? Number(value) : value;
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
