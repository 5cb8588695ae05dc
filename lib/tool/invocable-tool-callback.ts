import { Logger } from '@nestjs/common';
import { ToolExecutionError } from '../errors/tool-execution.error';
import { Messages } from '../errors/messages/tool.messages';
import { markFixedDefinition } from './fixed-definition';
import type { ToolDescriptor } from './tool-definition.factory';
import { removeNullOptionalArguments } from './input/null-optional-arguments';
import { parseToolInputJson } from './input/tool-input-json';
import type { ToolCallback } from './tool-callback';
import type { ToolContext } from './tool-context';
import type { ToolDefinition } from './tool-definition';
import type { ToolMetadata } from './tool-metadata';

const logger = new Logger('ToolCallback');

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === 'function';
}

/**
 * The call pipeline shared by method and function tools: parse the JSON, validate and bind the arguments, invoke,
 * convert the result. Input problems surface as `InvalidToolInputError`; what the tool throws as
 * `ToolExecutionError` carrying the original error.
 */
export abstract class InvocableToolCallback<TArgs> implements ToolCallback {
  private contextIgnoredLogged = false;

  protected constructor(
    protected readonly descriptor: ToolDescriptor,
    private readonly acceptsContext: boolean,
  ) {}

  getToolDefinition(): ToolDefinition {
    return this.descriptor.definition;
  }

  getToolMetadata(): ToolMetadata {
    return this.descriptor.metadata;
  }

  async call(input: string, context?: ToolContext): Promise<string> {
    const definition = this.descriptor.definition;
    // Awaited only when asynchronous: each await of a plain value is one more turn of the microtask queue per call.
    const value = this.parse(input);
    const bound = this.bind(value, definition.name);
    const args = isThenable(bound) ? await bound : bound;
    if (!this.acceptsContext && context && !context.isEmpty && !this.contextIgnoredLogged) {
      this.contextIgnoredLogged = true;
      logger.debug(Messages.contextIgnored(definition.name));
    }
    let result: unknown;
    try {
      result = this.invoke(args, context, value);
      if (isThenable(result)) result = await result;
    } catch (error) {
      throw new ToolExecutionError(definition, error);
    }
    return this.descriptor.resultConverter.convert(result, definition.name);
  }

  async validateInput(input: string): Promise<Record<string, unknown>> {
    const value = this.parse(input);
    await this.bind(value, this.descriptor.definition.name);
    return value;
  }

  private parse(input: string): Record<string, unknown> {
    const definition = this.descriptor.definition;
    const value = parseToolInputJson(input, definition.name);
    // Models in strict mode (OpenAI) send null for optional arguments they leave out.
    return input.includes('null') ? removeNullOptionalArguments(value, definition.inputSchema) : value;
  }

  /** Validated arguments from the parsed input; throws `InvalidToolInputError`. */
  protected abstract bind(input: Record<string, unknown>, toolName: string): TArgs | Promise<TArgs>;

  /** Runs the tool with the bound arguments; `input` is the parsed, validated input they were bound from. */
  protected abstract invoke(
    args: TArgs,
    context: ToolContext | undefined,
    input: Record<string, unknown>,
  ): unknown;

  toString(): string {
    return `${this.constructor.name}(${this.descriptor.definition.name})`;
  }
}

markFixedDefinition(InvocableToolCallback);
