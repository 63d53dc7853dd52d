import * as z from "../zod.ts";

export type JsonSchema = Record<string, unknown>;

/** A zod schema as OpenAPI 3.1 (JSON Schema 2020-12) without the `$schema` and `$id` keys. */
export function toOpenApiSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/**
 * Component schemas generated from one registry, so a schema used inside
 * another (Review inside ReviewsDataset) becomes a `$ref` instead of a copy.
 */
export function buildComponentSchemas(named: Record<string, z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}
