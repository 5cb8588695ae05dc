import type { JsonSchema } from './json-schema';

/** What the model is told about a tool: its name, what it does, and the JSON Schema of its input. */
export interface ToolDefinition {
  /** Unique among the tools of one request; matches `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  readonly description: string;
  /** A JSON Schema (draft 2020-12) of `type: "object"`. */
  readonly inputSchema: JsonSchema;
}
