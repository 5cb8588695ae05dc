import type { StandardSchemaV1 } from '@standard-schema/spec';
import { InvalidToolOutputError } from '../../errors/invalid-tool-output.error';
import { MAX_INPUT_ISSUES_KEPT } from '../../errors/invalid-tool-input.error';
import { Messages } from '../../errors/messages/tool.messages';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { isStandardSchema, standardSchemaIssue } from '../input/standard-schema-input.parser';
import type { JsonSchema } from '../json-schema';
import { dtoToJsonSchema } from '../schema/dto-schema.factory';
import { compileSchemaValidator } from '../schema/json-schema-validator';
import type { ToolOutputSchema } from './tool-output-schema';

/** The JSON Schema served as the tool's `outputSchema`, and the check of a structured result against it. */
export interface ToolOutputValidator {
  /** The JSON Schema of the structured result. */
  readonly schema: JsonSchema;
  /** Throws (or rejects with) `InvalidToolOutputError` when `value` does not match. */
  validate(value: unknown, toolName: string): void | Promise<void>;
}

interface StandardJsonSchemaProps {
  jsonSchema?: {
    output?: (options: { target: string }) => Record<string, unknown>;
    input?: (options: { target: string }) => Record<string, unknown>;
  };
}

/** The validator of a tool's declared output schema; throws `ToolDefinitionError` for one that cannot work. */
export function outputValidatorOf(spec: ToolOutputSchema, source: string): ToolOutputValidator {
  if (isStandardSchema(spec)) return standardValidator(spec, source);
  const schema = typeof spec === 'function' ? dtoToJsonSchema(spec, source) : spec;
  if (schema.type !== 'object') throw new ToolDefinitionError(Messages.outputSchemaNotObject(source), source);
  const check = compileSchemaValidator(schema, source);
  return {
    schema,
    validate(value, toolName) {
      const found = check(value);
      if (found) throw new InvalidToolOutputError(toolName, found.issues, found.count);
    },
  };
}

function standardValidator(standard: StandardSchemaV1, source: string): ToolOutputValidator {
  const props = standard['~standard'] as StandardSchemaV1.Props & StandardJsonSchemaProps;
  const exporter = props.jsonSchema?.output ?? props.jsonSchema?.input;
  if (typeof exporter !== 'function') {
    throw new ToolDefinitionError(
      `${source}: the ${props.vendor} output schema cannot export a JSON Schema; give a JSON Schema instead`,
      source,
    );
  }
  let schema: JsonSchema;
  try {
    schema = exporter({ target: 'draft-2020-12' });
  } catch (error) {
    throw new ToolDefinitionError(
      `${source}: the ${props.vendor} output schema's JSON Schema export failed: ${(error as Error).message}`,
      source,
      { cause: error },
    );
  }
  if (schema.type !== 'object') throw new ToolDefinitionError(Messages.outputSchemaNotObject(source), source);
  const report = (result: StandardSchemaV1.Result<unknown>, value: unknown, toolName: string): void => {
    if (!result.issues) return;
    const kept = result.issues.slice(0, MAX_INPUT_ISSUES_KEPT);
    throw new InvalidToolOutputError(
      toolName,
      kept.map((issue) => standardSchemaIssue(issue, value)),
      result.issues.length,
    );
  };
  return {
    schema,
    validate(value, toolName) {
      const result = standard['~standard'].validate(value);
      if (result instanceof Promise) return result.then((settled) => report(settled, value, toolName));
      report(result, value, toolName);
    },
  };
}
