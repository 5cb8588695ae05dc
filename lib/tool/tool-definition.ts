import type { JsonSchema } from './json-schema';

/** What the model is told about a tool: its name, what it does, and the JSON Schema of its input. */
export interface ToolDefinition {
  /** Unique among the tools of one request; matches `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** A JSON Schema (draft 2020-12) of `type: "object"`. */
  readonly inputSchema: JsonSchema;
  /**
   * A JSON Schema (draft 2020-12, `type: "object"`) of the tool's structured result (`ToolResult.structuredContent`),
   * when it declares one. Served over MCP as the tool's `outputSchema`; not sent to models.
   */
  readonly outputSchema?: JsonSchema;
  /**
   * Send this tool in the provider's strict mode (OpenAI's structured outputs for function calls), or explicitly not
   * (`false`), whatever the model's settings say. Absent: the model's settings decide. Providers without a strict
   * mode ignore it.
   */
  readonly strict?: boolean;
  /**
   * Deferred to the provider's own tool search (Anthropic's `defer_loading` with its tool search tool, OpenAI's
   * `tool_search`): sent with the request, but loaded into the model's context only when that search finds it. Set by
   * `ToolSearchAdvisor({ native: true })` for a model that says it searches natively (`ChatModel.nativeToolSearch`).
   */
  readonly deferLoading?: boolean;
}
