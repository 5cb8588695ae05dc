import { InvalidToolInputError } from '../../errors/invalid-tool-input.error';
import type { JsonSchema } from '../json-schema';
import { compileSchemaValidator, type SchemaValidator } from '../schema/json-schema-validator';
import type { ToolInputParser } from './tool-input-parser';

/** Validates the input against a JSON Schema (ajv, compiled once) and passes it on unchanged. */
export class JsonSchemaInputParser implements ToolInputParser {
  private readonly validate: SchemaValidator;

  /** `validByConstruction`: the library made the schema from plain parameter types, so it is not checked again. */
  constructor(
    readonly schema: JsonSchema,
    source: string,
    validByConstruction = false,
  ) {
    this.validate = compileSchemaValidator(schema, source, validByConstruction);
  }

  parse(input: Record<string, unknown>, toolName: string): Record<string, unknown> {
    const found = this.validate(input);
    if (found) throw new InvalidToolInputError(toolName, found.issues, found.count);
    return input;
  }
}
