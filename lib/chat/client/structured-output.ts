import type { StandardSchemaV1 } from '@standard-schema/spec';
import { InvalidToolInputError } from '../../errors/invalid-tool-input.error';
import { StructuredOutputError } from '../../errors/structured-output.error';
import { DtoInputParser } from '../../tool/input/dto-input.parser';
import { isStandardSchema, standardSchemaIssue } from '../../tool/input/standard-schema-input.parser';
import { unsafeValueIssue } from '../../tool/input/tool-input-json';
import { previewValue } from '../../errors/messages/tool.messages';
import { ChatMessages } from '../../errors/messages/chat.messages';

/** A class whose properties carry class-validator decorators. */
export type EntityClass<T> = new (...args: any[]) => T;

/** What `entity()` parses the answer into: a class-validator class, or a Standard Schema (zod, valibot…). */
export type EntityTarget<T> = EntityClass<T> | StandardSchemaV1<unknown, T>;

/** How an answer becomes an entity: the instructions added to the prompt, and the parser of the answer. */
export interface StructuredOutput<T> {
  readonly instructions: string;
  parse(text: string): Promise<T>;
}

interface StandardJsonSchemaProps {
  jsonSchema?: { output?: (options: { target: string }) => Record<string, unknown> };
}

const outputs = new WeakMap<object, StructuredOutput<unknown>>();

/** Built once per class or schema. */
export function structuredOutputOf<T>(target: EntityTarget<T>): StructuredOutput<T> {
  let output = outputs.get(target);
  if (output === undefined) {
    output = isStandardSchema(target) ? standardSchemaOutput(target) : classOutput(target);
    outputs.set(target, output);
  }
  return output as StructuredOutput<T>;
}

function standardSchemaOutput(schema: StandardSchemaV1): StructuredOutput<unknown> {
  const props = schema['~standard'] as StandardSchemaV1.Props & StandardJsonSchemaProps;
  const target = `the ${props.vendor} schema`;
  let jsonSchema: string | undefined;
  try {
    const exported = props.jsonSchema?.output?.({ target: 'draft-2020-12' });
    if (exported) jsonSchema = JSON.stringify(exported);
  } catch {
    // The schema cannot describe itself as JSON Schema: the model is only told to answer with JSON.
  }
  return {
    instructions: ChatMessages.formatInstructions(jsonSchema),
    async parse(text) {
      const value = parseJson(text, target);
      let result = props.validate(value);
      if (result instanceof Promise) result = await result;
      if (result.issues)
        throw new StructuredOutputError(
          target,
          text,
          result.issues.map((i) => standardSchemaIssue(i, value)),
        );
      return result.value;
    },
  };
}

function classOutput(type: EntityClass<unknown>): StructuredOutput<unknown> {
  const parser = new DtoInputParser(type as new () => object, `entity(${type.name})`);
  return {
    instructions: ChatMessages.formatInstructions(JSON.stringify(parser.schema)),
    async parse(text) {
      const value = parseJson(text, type.name);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new StructuredOutputError(type.name, text, [
          { path: '', message: `expected a JSON object, received ${previewValue(value)}` },
        ]);
      }
      try {
        return await parser.parse(value as Record<string, unknown>, type.name);
      } catch (error) {
        if (error instanceof InvalidToolInputError)
          throw new StructuredOutputError(type.name, text, error.issues);
        throw error;
      }
    },
  };
}

const CODE_FENCE = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/**
 * The JSON of an answer, without a Markdown fence around it; refused like tool input: `__proto__` keys, too deep,
 * non-finite numbers.
 */
function parseJson(text: string, target: string): unknown {
  let body = text.trim();
  const fenced = CODE_FENCE.exec(body);
  if (fenced) body = fenced[1].trim();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new StructuredOutputError(target, text, [
      { path: '', message: `the answer is not valid JSON (${(error as Error).message})` },
    ]);
  }
  const issue = unsafeValueIssue(value);
  if (issue) throw new StructuredOutputError(target, text, [issue]);
  return value;
}
