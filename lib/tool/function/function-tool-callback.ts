import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import type { ToolOptions } from '../decorators/tool-options';
import { DtoInputParser } from '../input/dto-input.parser';
import { JsonSchemaInputParser } from '../input/json-schema-input.parser';
import { StandardSchemaInputParser } from '../input/standard-schema-input.parser';
import type { ToolInputParser } from '../input/tool-input-parser';
import { InvocableToolCallback } from '../invocable-tool-callback';
import type { JsonSchema } from '../json-schema';
import { EMPTY_OBJECT_SCHEMA } from '../schema/model-schema';
import { describeTool } from '../tool-definition.factory';
import { ToolContext } from '../tool-context';

/** What every function tool takes: the `@Tool` options but its input, and a name. */
export interface FunctionToolBase extends Omit<ToolOptions, 'input' | 'inputSchema'> {
  /** Required for a function tool. */
  name: string;
}

/** Input validated by a Standard Schema (zod…); the function receives the schema's output. */
export interface StandardSchemaFunctionTool<S extends StandardSchemaV1, R> extends FunctionToolBase {
  /** The input's Standard Schema (zod, valibot, arktype…). */
  input: S;
  /** What the model is shown, when the schema library cannot export a JSON Schema itself. */
  inputSchema?: JsonSchema;
  /** The tool: takes the parsed input and the call's context. */
  fn: (input: StandardSchemaV1.InferOutput<S>, context: ToolContext) => R | Promise<R>;
}

/** Input given as a class-validator DTO class; the function receives an instance. */
export interface DtoFunctionTool<T extends object, R> extends FunctionToolBase {
  /** The DTO class, with class-validator decorators and `@ToolParam()` on its properties. */
  inputType: new () => T;
  /** The tool: takes the validated DTO instance and the call's context. */
  fn: (input: T, context: ToolContext) => R | Promise<R>;
}

/** Input given as a literal JSON Schema; the function receives the validated object. */
export interface JsonSchemaFunctionTool<T, R> extends FunctionToolBase {
  /** The input's JSON Schema, of `type: "object"`. */
  inputSchema: JsonSchema;
  /** The tool: takes the validated object and the call's context. */
  fn: (input: T, context: ToolContext) => R | Promise<R>;
}

/** No input: the model calls it with `{}`. */
export interface NoInputFunctionTool<R> extends FunctionToolBase {
  /** The tool. */
  fn: () => R | Promise<R>;
}

/** The options of `FunctionToolCallback.from()`, one shape per way of declaring the input. */
export type FunctionToolOptions =
  | StandardSchemaFunctionTool<StandardSchemaV1, unknown>
  | DtoFunctionTool<object, unknown>
  | JsonSchemaFunctionTool<unknown, unknown>
  | NoInputFunctionTool<unknown>;

/**
 * A tool made from a function, in each of its shapes: input → output, (input, context) → output, no input →
 * output, input → nothing (the model then receives "Done").
 */
export class FunctionToolCallback extends InvocableToolCallback<unknown> {
  private readonly parser: ToolInputParser;
  private readonly fn: (...args: any[]) => unknown;
  private readonly passesInput: boolean;

  private constructor(options: FunctionToolOptions) {
    const source = `function tool "${options.name}"`;
    if (typeof options.fn !== 'function')
      throw new ToolDefinitionError(`${source}: fn must be a function`, source);
    const parser = inputParserOf(options, source);
    super(describeTool(options.name, options, parser.schema, source), options.fn.length >= 2);
    this.parser = parser;
    this.fn = options.fn;
    this.passesInput = parser.schema !== EMPTY_OBJECT_SCHEMA;
  }

  /** A tool whose input is a Standard Schema. Throws `ToolDefinitionError` when it cannot be defined. */
  static from<S extends StandardSchemaV1, R>(options: StandardSchemaFunctionTool<S, R>): FunctionToolCallback;
  /** A tool whose input is a class-validator DTO. */
  static from<T extends object, R>(options: DtoFunctionTool<T, R>): FunctionToolCallback;
  /** A tool whose input is a literal JSON Schema. */
  static from<T, R>(options: JsonSchemaFunctionTool<T, R>): FunctionToolCallback;
  /** A tool without input. */
  static from<R>(options: NoInputFunctionTool<R>): FunctionToolCallback;
  static from(options: FunctionToolOptions): FunctionToolCallback {
    return new FunctionToolCallback(options);
  }

  /** @internal */
  protected bind(input: Record<string, unknown>, toolName: string): unknown {
    return this.parser.parse(input, toolName);
  }

  /** @internal */
  protected invoke(value: unknown, context: ToolContext | undefined): unknown {
    if (!this.passesInput) return this.fn();
    return this.fn(value, (context ?? ToolContext.empty()).forTool(this.descriptor.definition.name));
  }
}

function inputParserOf(options: FunctionToolOptions, source: string): ToolInputParser {
  if ('input' in options && options.input) {
    return new StandardSchemaInputParser(options.input, options.inputSchema, source);
  }
  if ('inputType' in options && options.inputType) return new DtoInputParser(options.inputType, source);
  if ('inputSchema' in options && options.inputSchema) {
    if (options.inputSchema.type !== 'object') {
      throw new ToolDefinitionError(
        `${source}: inputSchema must be a JSON Schema with type: "object"`,
        source,
      );
    }
    return new JsonSchemaInputParser(options.inputSchema, source);
  }
  if (options.fn.length > 0) {
    throw new ToolDefinitionError(
      `${source}: the function takes an input but the tool declares none; give input (a Standard Schema), ` +
        'inputType (a DTO class) or inputSchema (a JSON Schema), or make it a function without parameters',
      source,
    );
  }
  return new JsonSchemaInputParser(EMPTY_OBJECT_SCHEMA, source);
}
