import { Logger } from '@nestjs/common';
import { ToolExecutionError } from '../errors/tool-execution.error';
import { Messages } from '../errors/messages/tool.messages';
import { isThenable } from '../util/thenable';
import { markFixedDefinition } from './fixed-definition';
import type { ToolDescriptor } from './tool-definition.factory';
import { removeNullOptionalArguments } from './input/null-optional-arguments';
import { parseToolInputJson } from './input/tool-input-json';
import { ToolResult } from './result/tool-result';
import type { ToolCallback } from './tool-callback';
import type { ToolContext } from './tool-context';
import type { ToolDefinition } from './tool-definition';
import { isToolGenerator, runToolGenerator } from './tool-generator';
import type { ToolMetadata } from './tool-metadata';

const logger = new Logger('ToolCallback');

/**
 * The call pipeline shared by method and function tools: parse the JSON, validate and bind the arguments, invoke,
 * convert the result. Input problems surface as `InvalidToolInputError`; what the tool throws as
 * `ToolExecutionError` carrying the original error.
 */
export abstract class InvocableToolCallback<TArgs> implements ToolCallback {
  private contextIgnoredLogged = false;
  /** @internal The tool's definition and metadata, as described from its declaration. */
  protected readonly descriptor: ToolDescriptor;
  private readonly acceptsContext: boolean;

  /** @internal */
  protected constructor(descriptor: ToolDescriptor, acceptsContext: boolean) {
    this.descriptor = descriptor;
    this.acceptsContext = acceptsContext;
  }

  /**
   * @internal Whether the context a call is given (its signal, tool name and call id) can reach the tool; when it
   * cannot, the loop hands `callDirect()` the chat call's context instead of making one per call.
   */
  readsCallContext = true;

  /** What the model is told: name, description, input schema. */
  getToolDefinition(): ToolDefinition {
    return this.descriptor.definition;
  }

  /** How the tool is run (return direct, sequential, time limit, approval). */
  getToolMetadata(): ToolMetadata {
    return this.descriptor.metadata;
  }

  /**
   * Runs the tool with the model's arguments (a JSON object as text); resolves to the text for the model, or to a
   * `ToolResult` (what the tool returned, or what the result converter made of its bytes). Rejects with
   * `InvalidToolInputError` for arguments that do not fit, `ToolExecutionError` for what the tool threw,
   * `InvalidToolOutputError` for a structured result that does not match the tool's `outputSchema`.
   */
  call(input: string, context?: ToolContext): Promise<string | ToolResult> {
    try {
      return Promise.resolve(this.callDirect(input, context));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * @internal `call()` without its promise when parsing, binding and the tool are synchronous: the result text, else
   * a promise of it. Throws (or rejects with) what `call()` rejects with. The loop uses it for a callback whose
   * `call()` is this one (see `callsDirectly`), so that a synchronous tool costs no promise, timer or listener.
   */
  callDirect(
    input: string,
    context: ToolContext | undefined,
  ): string | ToolResult | Promise<string | ToolResult> {
    const value = this.parse(input);
    const bound = this.bind(value, this.descriptor.definition.name);
    return isThenable(bound)
      ? Promise.resolve(bound).then((args) => this.run(args, context, value))
      : this.run(bound, context, value);
  }

  private run(
    args: TArgs,
    context: ToolContext | undefined,
    value: Record<string, unknown>,
  ): string | ToolResult | Promise<string | ToolResult> {
    const definition = this.descriptor.definition;
    if (!this.acceptsContext && context && !context.isEmpty && !this.contextIgnoredLogged) {
      this.contextIgnoredLogged = true;
      logger.debug(Messages.contextIgnored(definition.name));
    }
    let result: unknown;
    try {
      result = this.invoke(args, context, value);
    } catch (error) {
      throw new ToolExecutionError(definition, error);
    }
    if (!isThenable(result)) {
      if (isToolGenerator(result)) return this.runGenerator(result, context);
      return this.finish(result, definition.name);
    }
    return Promise.resolve(result).then(
      (settled) =>
        isToolGenerator(settled)
          ? this.runGenerator(settled, context)
          : this.finish(settled, definition.name),
      (error: unknown) => {
        throw new ToolExecutionError(definition, error);
      },
    );
  }

  /** A tool written as an async generator: its preliminary results reported, its last one converted. */
  private runGenerator(
    generator: AsyncGenerator<unknown, unknown>,
    context: ToolContext | undefined,
  ): Promise<string | ToolResult> {
    const { definition, resultConverter } = this.descriptor;
    return runToolGenerator(generator, context, (value) => {
      const converted = ToolResult.is(value) ? value : resultConverter.convert(value, definition.name);
      return ToolResult.is(converted) ? converted.parts : converted;
    }).then(
      (settled) => this.finish(settled, definition.name),
      (error: unknown) => {
        throw new ToolExecutionError(definition, error);
      },
    );
  }

  /**
   * The converted result; with an `outputSchema`, a plain object becomes the structured content beside its JSON
   * text, and the structured content is checked.
   */
  private finish(value: unknown, toolName: string): string | ToolResult | Promise<ToolResult> {
    const converted = this.descriptor.resultConverter.convert(value, toolName);
    const validator = this.descriptor.outputValidator;
    if (validator === undefined) return converted;
    let result: string | ToolResult = converted;
    if (typeof converted === 'string') {
      const structured = objectOf(value, converted);
      // The JSON text's own value: what the model reads is what is checked and carried.
      if (structured !== undefined) result = ToolResult.of(converted).withStructuredContent(structured);
    }
    if (!ToolResult.is(result) || result.structuredContent === undefined) return result;
    const checked = validator.validate(result.structuredContent, toolName);
    const valid = result;
    return isThenable(checked) ? Promise.resolve(checked).then(() => valid) : valid;
  }

  /** The model's arguments parsed and checked as a call would; throws `InvalidToolInputError` when they do not fit. */
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

  /** @internal Validated arguments from the parsed input; throws `InvalidToolInputError`. */
  protected abstract bind(input: Record<string, unknown>, toolName: string): TArgs | Promise<TArgs>;

  /** @internal Runs the tool with the bound arguments; `input` is the parsed, validated input they were bound from. */
  protected abstract invoke(
    args: TArgs,
    context: ToolContext | undefined,
    input: Record<string, unknown>,
  ): unknown;

  /** `ClassName(toolName)`. */
  toString(): string {
    return `${this.constructor.name}(${this.descriptor.definition.name})`;
  }
}

markFixedDefinition(InvocableToolCallback);

/** The object the JSON text of an object result holds (a DTO instance, a Map…); `undefined` for anything else. */
function objectOf(value: unknown, json: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array)
    return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // A converter of its own made other text of it: there is no structured content to carry.
    return undefined;
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

const OWN_CALL: unknown = Reflect.get(InvocableToolCallback.prototype, 'call');

/** @internal Whether `callDirect()` does what the callback's `call()` does: not when a subclass overrides `call()`. */
export function callsDirectly(callback: ToolCallback): callback is InvocableToolCallback<unknown> {
  return callback.call === OWN_CALL && callback instanceof InvocableToolCallback;
}
