import type { ValidationError } from 'class-validator';
import { thrownValueText } from '../../errors/messages/thrown-value-text';
import { InvalidToolInputError, type ToolInputIssue } from '../../errors/invalid-tool-input.error';
import { previewValue } from '../../errors/messages/tool.messages';
import { requireOptional } from '../../util/optional-require';
import type { JsonSchema } from '../json-schema';
import { dtoToJsonSchema } from '../schema/dto-schema.factory';
import { compileSchemaValidator, type SchemaValidator } from '../schema/json-schema-validator';
import type { ToolInputParser } from './tool-input-parser';

/**
 * The Nest way: class-transformer builds the DTO, class-validator validates it (refusing unknown properties), and
 * the tool receives the DTO instance. The input is first checked against the JSON Schema the model was shown, so
 * that what the schema promises holds (a nested DTO is a required object, no unknown property — `constructor`
 * included, which class-transformer would skip) and class-transformer only ever sees well-formed input.
 */
export class DtoInputParser implements ToolInputParser {
  readonly schema: JsonSchema;
  private readonly transformer: typeof import('class-transformer');
  private readonly validator: typeof import('class-validator');
  private readonly validateSchema: SchemaValidator;

  constructor(
    private readonly type: new () => object,
    source: string,
  ) {
    this.schema = dtoToJsonSchema(type, source);
    this.validateSchema = compileSchemaValidator(this.schema, source);
    this.transformer = requireOptional('class-transformer', 'A DTO input', source);
    this.validator = requireOptional('class-validator', 'A DTO input', source);
  }

  async parse(input: Record<string, unknown>, toolName: string): Promise<object> {
    const schemaIssues = this.validateSchema(input);
    if (schemaIssues) throw new InvalidToolInputError(toolName, schemaIssues.issues, schemaIssues.count);
    let instance: object;
    try {
      instance = this.transformer.plainToInstance(this.type, input);
    } catch (error) {
      throw new InvalidToolInputError(toolName, [
        {
          path: '',
          message: `the arguments cannot be converted to ${this.type.name} (${thrownValueText(error)})`,
        },
      ]);
    }
    const errors = await this.validator.validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
    });
    if (errors.length > 0) throw new InvalidToolInputError(toolName, flatten(errors, ''));
    return instance;
  }
}

function flatten(
  errors: readonly ValidationError[],
  parent: string,
  issues: ToolInputIssue[] = [],
): ToolInputIssue[] {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property)
      ? `${parent}[${error.property}]`
      : parent
        ? `${parent}.${error.property}`
        : error.property;
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) {
      issues.push({ path, message: 'is not an accepted property' });
    } else if (Object.keys(constraints).length > 0) {
      const what = Object.values(constraints).join(', ');
      const message =
        error.value === undefined
          ? `is required but missing (${what})`
          : `${what}; received ${previewValue(error.value)}`;
      issues.push({ path, message });
    }
    if (error.children?.length) flatten(error.children, path, issues);
  }
  return issues;
}
