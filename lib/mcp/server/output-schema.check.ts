import type { ToolResponse } from '../../chat/model/messages';
import { McpMessages } from '../../errors/messages/mcp.messages';
import { compileSchemaValidator, type SchemaValidator } from '../../tool/schema/json-schema-validator';
import type { ToolCallback } from '../../tool/tool-callback';

/**
 * A tool with an `outputSchema` promises structured content that fits it (MCP: "servers MUST provide structured
 * results that conform to this schema"); a result that breaks the promise is an error here, with what is wrong,
 * rather than a result the client's SDK refuses with a protocol error. Each schema is compiled once per callback.
 */
export class OutputSchemaCheck {
  private readonly validators = new WeakMap<ToolCallback, SchemaValidator>();

  /** What is wrong with the response's structured content, or `undefined` when it fits (or nothing is declared). */
  problem(callback: ToolCallback, response: ToolResponse): string | undefined {
    const { name, outputSchema } = callback.getToolDefinition();
    if (outputSchema === undefined) return undefined;
    if (response.structuredContent === undefined) return McpMessages.structuredContentMissing(name);
    let validate = this.validators.get(callback);
    if (validate === undefined) {
      validate = compileSchemaValidator(outputSchema, `the outputSchema of tool ${name}`);
      this.validators.set(callback, validate);
    }
    const found = validate(response.structuredContent);
    return found && McpMessages.structuredContentInvalid(name, found.issues, found.count);
  }
}
