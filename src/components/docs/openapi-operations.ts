/**
 * The OpenAPI document read into what the API reference on /docs renders:
 * every operation with its parameters (type, bounds, default, description),
 * request body and responses, and every component schema's fields. Pure and
 * built at build time, so the reference needs no client-side renderer.
 */

type JsonObject = Record<string, unknown>;

export interface ParameterDoc {
  name: string;
  location: string;
  required: boolean;
  type: string;
  constraints: string[];
  description: string;
  example: string | null;
}

export interface BodyDoc {
  contentType: string;
  type: string;
  fields: ParameterDoc[];
}

export interface ResponseDoc {
  status: string;
  description: string;
  contentTypes: string[];
  type: string | null;
}

export interface OperationDoc {
  /** Fragment id for in-page links, e.g. "op-get-api-reviews-search". */
  anchor: string;
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  description: string | null;
  tags: string[];
  parameters: ParameterDoc[];
  requestBody: BodyDoc[];
  responses: ResponseDoc[];
}

export interface SchemaDoc {
  name: string;
  anchor: string;
  type: string;
  description: string | null;
  fields: ParameterDoc[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | null => (typeof value === "string" ? value : null);

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "#/components/schemas/Review" → "Review". */
function refName(ref: string): string {
  return ref.split("/").at(-1) ?? ref;
}

/** A short type label: "integer", "string | null", "array of Review", "Review". */
export function describeType(schema: unknown): string {
  if (!isObject(schema)) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map(describeType).join(" | ");
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `array of ${describeType(schema.items)}`;
  if (typeof type === "string") return type;
  return "any";
}

/**
 * Bounds and formats as short phrases: "1 ≤ value ≤ 5", "default 20",
 * "one of: a, b", "at most 500 characters", "pattern …". The ±2^53−1 bounds
 * zod writes for any safe integer say nothing, so they are left out.
 */
export function describeConstraints(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const out: string[] = [];
  const min = typeof schema.minimum === "number" && schema.minimum > Number.MIN_SAFE_INTEGER ? schema.minimum : null;
  const max = typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : null;
  if (min !== null && max !== null) out.push(`${min} ≤ value ≤ ${max}`);
  else if (min !== null) out.push(`at least ${min}`);
  else if (max !== null) out.push(`at most ${max}`);
  if (typeof schema.exclusiveMinimum === "number") out.push(`greater than ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === "number") out.push(`less than ${schema.exclusiveMaximum}`);
  if (typeof schema.minLength === "number" && schema.minLength > 0) out.push(`at least ${countOf(schema.minLength, "character")}`);
  if (typeof schema.maxLength === "number") out.push(`at most ${countOf(schema.maxLength, "character")}`);
  if (typeof schema.minItems === "number" && schema.minItems > 0) out.push(`at least ${countOf(schema.minItems, "item")}`);
  if (typeof schema.maxItems === "number") out.push(`at most ${countOf(schema.maxItems, "item")}`);
  if (Array.isArray(schema.enum)) out.push(`one of: ${schema.enum.map(String).join(", ")}`);
  if (typeof schema.format === "string") out.push(`format ${schema.format}`);
  if (typeof schema.pattern === "string") out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

function readParameter(raw: unknown): ParameterDoc | null {
  if (!isObject(raw) || typeof raw.name !== "string") return null;
  const schema = isObject(raw.schema) ? raw.schema : {};
  const example = raw.example ?? schema.example;
  return {
    name: raw.name,
    location: asString(raw.in) ?? "query",
    required: raw.required === true,
    type: describeType(schema),
    constraints: describeConstraints(schema),
    description: asString(raw.description) ?? asString(schema.description) ?? "",
    example: example === undefined ? null : typeof example === "string" ? example : JSON.stringify(example),
  };
}

/** The top-level properties of an object schema as field rows. */
export function listFields(schema: unknown): ParameterDoc[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    location: "body",
    required: required.has(name),
    type: describeType(property),
    constraints: describeConstraints(property),
    description: isObject(property) ? (asString(property.description) ?? "") : "",
    example: null,
  }));
}

function readContent(content: unknown): BodyDoc[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([contentType, media]) => {
    const schema = isObject(media) ? media.schema : undefined;
    return { contentType, type: describeType(schema), fields: listFields(schema) };
  });
}

function readResponse(status: string, raw: unknown): ResponseDoc {
  const response = isObject(raw) ? raw : {};
  const content = isObject(response.content) ? response.content : {};
  const first = Object.values(content)[0];
  return {
    status,
    description: asString(response.description) ?? "",
    contentTypes: Object.keys(content),
    type: isObject(first) && first.schema !== undefined ? describeType(first.schema) : null,
  };
}

/** "get", "/api/reviews/since/{date}" → "op-get-api-reviews-since-date". */
export function toOperationAnchor(method: string, path: string): string {
  const slug = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `op-${method.toLowerCase()}-${slug || "root"}`;
}

/** Every operation of the document, in path order, then method order. */
export function listOperations(document: JsonObject): OperationDoc[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) => {
    if (!isObject(item)) return [];
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    return METHODS.filter((method) => isObject(item[method])).map((method) => {
      const operation = item[method] as JsonObject;
      const parameters = [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])];
      const body = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
      const responses = isObject(operation.responses) ? operation.responses : {};
      return {
        anchor: toOperationAnchor(method, path),
        method: method.toUpperCase(),
        path,
        operationId: asString(operation.operationId),
        summary: asString(operation.summary) ?? "",
        description: asString(operation.description),
        tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
        parameters: parameters.map(readParameter).filter((parameter): parameter is ParameterDoc => parameter !== null),
        requestBody: readContent(body),
        responses: Object.entries(responses).map(([status, response]) => readResponse(status, response)),
      };
    });
  });
}

/** Every component schema with its top-level fields. */
export function listSchemas(document: JsonObject): SchemaDoc[] {
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return Object.entries(schemas).map(([name, schema]) => ({
    name,
    anchor: `schema-${name.toLowerCase()}`,
    type: describeType(isObject(schema) && schema.$ref === undefined ? { ...schema } : schema),
    description: isObject(schema) ? asString(schema.description) : null,
    fields: listFields(schema),
  }));
}
