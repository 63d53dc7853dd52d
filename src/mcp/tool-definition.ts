import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import * as z from "../lib/zod.ts";
import type { McpData } from "./mcp-deps.ts";
import { READ_ONLY_ANNOTATIONS, type ToolResult } from "./tool-result.ts";

/**
 * One MCP tool, declared once in its own file: what `tools/list` shows (name,
 * title, description for a model, input and output schemas) and what
 * `tools/call` runs. `run` gets arguments already parsed by `inputSchema`,
 * and the compiler holds its structured result to `outputSchema`'s type.
 */
export interface ToolDefinition<Input extends z.ZodType<object>, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  run: (args: z.output<Input>, data: McpData) => ToolResult<z.input<Output>>;
}

/** A tool with its types erased, as the server keeps them; `run` is only reached with arguments its schema accepted. */
export interface RegisteredTool {
  name: string;
  inputSchema: z.ZodType<object>;
  /** The names `inputSchema` accepts, for the message about an unknown argument. */
  argumentNames: readonly string[];
  /** The `tools/list` entry, built on first use and kept: the schemas never change. */
  listing: () => Tool;
  run: (args: object, data: McpData) => CallToolResult;
}

/** JSON Schema as `tools/list` carries it (draft-07). */
function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  return z.toJSONSchema(schema, { target: "draft-7", io }) as Tool["inputSchema"];
}

export function defineTool<Input extends z.ZodType<object>, Output extends z.ZodObject>(tool: ToolDefinition<Input, Output>): RegisteredTool {
  let listing: Tool | undefined;
  return {
    name: tool.name,
    inputSchema: tool.inputSchema,
    argumentNames: tool.inputSchema instanceof z.ZodObject ? Object.keys(tool.inputSchema.shape) : [],
    listing: () =>
      (listing ??= {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: toJsonSchema(tool.inputSchema, "input"),
        outputSchema: toJsonSchema(tool.outputSchema, "output"),
        annotations: READ_ONLY_ANNOTATIONS,
      }),
    // Structured content is an object by the output schema's type, which is what CallToolResult asks.
    run: (args, data) => tool.run(args as z.output<Input>, data) as CallToolResult,
  };
}
