import { McpMessages } from '../../errors/messages/mcp.messages';
import type { JsonSchema } from '../../tool/json-schema';
import { compileSchemaValidator, type SchemaValidator } from '../../tool/schema/json-schema-validator';

/** One tool of a server's `tools/list`, checked: its original name, description and a compiled input schema. */
export interface McpListedTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** The schema of the tool's structured content, when it declares an object schema. */
  readonly outputSchema?: JsonSchema;
  readonly validate: SchemaValidator;
}

const MAX_NAME_LENGTH = 256;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tools of a listing that can be used; each malformed one is left out with a warning naming its position and
 * what is wrong (a server's bad tool never costs the others).
 */
export function checkListedTools(
  server: string,
  tools: readonly unknown[],
  warn: (message: string) => void,
): McpListedTool[] {
  const usable: McpListedTool[] = [];
  const seen = new Set<string>();
  tools.forEach((tool, index) => {
    const reason = problemOf(tool, seen);
    if (reason !== undefined) return warn(McpMessages.malformedTool(server, index, reason));
    const {
      name,
      description,
      inputSchema: declared,
      outputSchema: declaredOutput,
    } = tool as {
      name: string;
      description?: string;
      inputSchema: JsonSchema;
      outputSchema?: unknown;
    };
    // Servers made with the SDK's McpServer declare draft-07 (zod's export): the keywords tools use read the same
    // in 2020-12, and the dialect marker would make the 2020-12 validator refuse the schema.
    const { $schema: _dialect, ...inputSchema } = declared;
    let validate: SchemaValidator;
    try {
      validate = compileSchemaValidator(inputSchema, `MCP tool ${name} of server "${server}"`);
    } catch {
      return warn(McpMessages.malformedTool(server, index, 'its inputSchema is not a valid JSON Schema'));
    }
    seen.add(name);
    const outputSchema =
      isRecord(declaredOutput) && declaredOutput.type === 'object'
        ? (({ $schema: _outputDialect, ...rest }) => rest)(declaredOutput)
        : undefined;
    usable.push({
      name,
      description: typeof description === 'string' && description.trim() ? description : name,
      inputSchema,
      ...(outputSchema !== undefined && { outputSchema }),
      validate,
    });
  });
  return usable;
}

function problemOf(tool: unknown, seen: ReadonlySet<string>): string | undefined {
  if (!isRecord(tool)) return 'it is not an object';
  const { name, description, inputSchema } = tool;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH)
    return `its name is not a string of 1 to ${MAX_NAME_LENGTH} characters`;
  if (seen.has(name)) return `the name ${JSON.stringify(name.slice(0, 64))} is listed twice`;
  if (description !== undefined && typeof description !== 'string') return 'its description is not a string';
  if (!isRecord(inputSchema)) return 'its inputSchema is not an object';
  if (inputSchema.type !== 'object') return 'its inputSchema is not of type "object"';
  return undefined;
}
