import * as z from "../lib/zod.ts";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What a form leaves for a field nobody filled: nothing, an empty text or number, or an object or list of such. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === "" || (typeof value === "number" && Number.isNaN(value))) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isBlank);
  return false;
}

/**
 * The content file a form's data stands for, in the schema's key order: a
 * blank optional field becomes what the build expects of an absent one (null,
 * or the schema's default), a blank required one is left out so the schema
 * says it is missing, and keys the schema does not know are kept for it to
 * refuse. The CMS checks and writes exactly this value.
 */
export function prepareValue(value: unknown, schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return isBlank(value) ? schema.safeParse(undefined).data : prepareValue(value, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodNullable) return isBlank(value) ? null : prepareValue(value, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodOptional) return isBlank(value) ? undefined : prepareValue(value, schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodObject) {
    if (value !== undefined && !isRecord(value)) return value;
    const source = value ?? {};
    const shape = schema.shape as Record<string, z.ZodType>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const prepared = prepareValue(source[key], field);
      if (prepared !== undefined) out[key] = prepared;
    }
    for (const [key, extra] of Object.entries(source)) if (!(key in shape)) out[key] = extra;
    return out;
  }
  if (schema instanceof z.ZodArray) return Array.isArray(value) ? value.map((item) => prepareValue(item, schema.element as z.ZodType)) : value;
  return value === "" || (typeof value === "number" && Number.isNaN(value)) ? undefined : value;
}

/** A content file's text: two-space JSON and a final newline. */
export function serializeContent(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
