import { InvalidToolOutputError } from '../../errors/invalid-tool-output.error';
import type { JsonSchema } from '../json-schema';
import { compileSchemaValidator, type SchemaValidator } from '../schema/json-schema-validator';
import type { ToolDefinition } from '../tool-definition';

const validators = new WeakMap<JsonSchema, SchemaValidator>();

/**
 * Checks the structured content of a callback that does not check its own (a hand-written one) against the
 * `outputSchema` of its definition; throws `InvalidToolOutputError` when it does not match, and `ToolDefinitionError`
 * when the schema is not one. Each schema object is compiled once.
 */
export function checkStructuredContent(definition: ToolDefinition, value: unknown): void {
  const schema = definition.outputSchema;
  if (schema === undefined) return;
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = compileSchemaValidator(schema, `tool "${definition.name}" (outputSchema)`);
    validators.set(schema, validate);
  }
  const found = validate(value);
  if (found) throw new InvalidToolOutputError(definition.name, found.issues, found.count);
}
