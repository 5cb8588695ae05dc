import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  InvalidToolInputError,
  MAX_INPUT_ISSUES_KEPT,
  type ToolInputIssue,
} from '../../errors/invalid-tool-input.error';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { previewValue } from '../../errors/messages/tool.messages';
import type { JsonSchema } from '../json-schema';
import type { ToolInputParser } from './tool-input-parser';

interface StandardJsonSchemaProps {
  jsonSchema?: { input?: (options: { target: string }) => Record<string, unknown> };
}

export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { '~standard'?: { validate?: unknown } })['~standard']?.validate === 'function'
  );
}

/**
 * Validates with a Standard Schema (zod 4, valibot, arktype…). The model's schema comes from the schema library's
 * own JSON Schema export (Standard JSON Schema), or from an explicit `inputSchema`.
 */
export class StandardSchemaInputParser implements ToolInputParser {
  readonly schema: JsonSchema;

  constructor(
    private readonly standard: StandardSchemaV1,
    explicitSchema: JsonSchema | undefined,
    source: string,
  ) {
    this.schema = explicitSchema ?? exportJsonSchema(standard, source);
    if (this.schema.type !== 'object') {
      throw new ToolDefinitionError(
        `${source}: a tool's input must be an object schema (type: "object")`,
        source,
      );
    }
  }

  /** The validated value; a promise of it only when the schema validates asynchronously (a refinement that awaits). */
  parse(input: Record<string, unknown>, toolName: string): unknown {
    const result = this.standard['~standard'].validate(input);
    return result instanceof Promise
      ? result.then((settled) => this.valueOf(settled, input, toolName))
      : this.valueOf(result, input, toolName);
  }

  private valueOf(
    result: StandardSchemaV1.Result<unknown>,
    input: Record<string, unknown>,
    toolName: string,
  ): unknown {
    if (result.issues) {
      // Only the issues the error keeps are spelled out; the rest are counted.
      const kept = result.issues.slice(0, MAX_INPUT_ISSUES_KEPT);
      throw new InvalidToolInputError(
        toolName,
        kept.map((issue) => standardSchemaIssue(issue, input)),
        result.issues.length,
      );
    }
    return result.value;
  }
}

function exportJsonSchema(standard: StandardSchemaV1, source: string): JsonSchema {
  const props = standard['~standard'] as StandardSchemaV1.Props & StandardJsonSchemaProps;
  if (typeof props.jsonSchema?.input !== 'function') {
    throw new ToolDefinitionError(
      `${source}: the ${props.vendor} schema cannot export a JSON Schema; give one with inputSchema as well`,
      source,
    );
  }
  try {
    const schema = { ...props.jsonSchema.input({ target: 'draft-2020-12' }) };
    if (schema.type === 'object' && schema.additionalProperties === undefined)
      schema.additionalProperties = false;
    return schema;
  } catch (error) {
    throw new ToolDefinitionError(
      `${source}: the ${props.vendor} schema's JSON Schema export failed: ${(error as Error).message}`,
      source,
      {
        cause: error,
      },
    );
  }
}

/** A Standard Schema issue as a `ToolInputIssue`: a dotted path, and the value received when the message lacks it. */
export function standardSchemaIssue(issue: StandardSchemaV1.Issue, input: unknown): ToolInputIssue {
  let path = '';
  let value: unknown = input;
  for (const segment of issue.path ?? []) {
    const key = typeof segment === 'object' ? segment.key : segment;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
    value =
      value !== null && typeof value === 'object' && Object.hasOwn(value, key)
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined;
  }
  const message = /received/i.test(issue.message)
    ? issue.message
    : `${issue.message}, received ${previewValue(value)}`;
  return { path, message };
}
