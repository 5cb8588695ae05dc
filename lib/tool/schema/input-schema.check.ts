import { Messages } from '../../errors/messages/tool.messages';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import type { JsonSchema } from '../json-schema';
import { prepareValidator } from './schema-compiler';

/** Schemas checked already: a provider hands out the same callbacks on each request. */
const checked = new WeakSet<object>();

const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/**
 * Checks the input schema of a callback the library did not build (a hand-written one) where it enters, as a
 * `@Tool` schema is checked when it is built: an object schema (`type: "object"`) that is a valid JSON Schema.
 * Throws `ToolDefinitionError` naming `source`. A draft-07 `$schema` (what zod and the MCP SDK emit) is accepted:
 * the keywords tools use read the same in 2020-12.
 */
export function assertValidInputSchema(schema: unknown, source: string): void {
  if (typeof schema === 'object' && schema !== null && checked.has(schema)) return;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new ToolDefinitionError(`${source}: ${Messages.inputSchemaNotObject()}`, source);
  }
  const { $schema: dialect, ...rest } = schema as JsonSchema;
  if (rest.type !== 'object')
    throw new ToolDefinitionError(`${source}: ${Messages.inputSchemaNotObject()}`, source);
  prepareValidator(
    typeof dialect === 'string' && DRAFT_07.test(dialect) ? rest : (schema as JsonSchema),
    source,
  );
  checked.add(schema);
}
