import { ToolCallingOptionsError } from '../../errors/tool-calling-options.error';
import { StructuredOutputError } from '../../errors/structured-output.error';
import { LoopSteeringMessages } from '../../errors/messages/loop-steering.messages';
import type { AnswerRepair } from '../loop/answer-repair';
import type { ChatClientResponse } from '../ports/chat-client-response';
import { structuredOutputOf, type EntityTarget, type StructuredOutput } from './structured-output';

/** Options of `entity()`. */
export interface EntityOptions {
  /**
   * When the answer does not fit, send the problems back to the model and let it answer again, at most this many
   * times (each a model request of the same call). After the last, the `StructuredOutputError` of the last answer.
   * @defaultValue 0: no repair
   */
  readonly maxRepairAttempts?: number;
}

/**
 * The terminal methods of `call()`. `content()` and `chatResponse()` share one run of the request; `entity()` runs
 * it with format instructions added to the user message.
 */
export class CallResponseSpec {
  private result?: Promise<ChatClientResponse>;

  /** @internal Made by `ChatClientRequestSpec.call()`. */
  constructor(
    private readonly runRequest: (
      instructions: string | undefined,
      repair?: AnswerRepair,
    ) => Promise<ChatClientResponse>,
  ) {}

  /** The whole outcome: last response, summed usage, full history, tool calls made. */
  chatResponse(): Promise<ChatClientResponse> {
    return (this.result ??= this.runRequest(undefined));
  }

  /** The answer's text (or the results of `returnDirect` tools). */
  async content(): Promise<string> {
    return (await this.chatResponse()).text;
  }

  /**
   * The answer parsed as JSON into a class-validator class (validated, returned as an instance) or through a
   * Standard Schema (returned as the schema's output). The model is told the JSON Schema to follow. With
   * `maxRepairAttempts`, an answer that does not fit goes back to the model with the problems, within the same call.
   * Rejects with a `StructuredOutputError` listing what does not fit.
   */
  async entity<T>(target: EntityTarget<T>, options: EntityOptions = {}): Promise<T> {
    const output = structuredOutputOf(target);
    const attempts = options.maxRepairAttempts ?? 0;
    if (!Number.isInteger(attempts) || attempts < 0)
      throw new ToolCallingOptionsError('entity().maxRepairAttempts', attempts, 'an integer ≥ 0');
    if (attempts === 0) {
      const response = await this.runRequest(output.instructions);
      return output.parse(response.text);
    }
    const repair = new EntityRepair(output, attempts);
    const response = await this.runRequest(output.instructions, repair);
    return repair.valueOf(response.text);
  }
}

/** Checks each answer as the model gives it, and keeps the value of the one that fits. */
class EntityRepair<T> implements AnswerRepair {
  private parsed: { readonly text: string; readonly value: T } | undefined;

  constructor(
    private readonly output: StructuredOutput<T>,
    readonly maxAttempts: number,
  ) {}

  async check(text: string): Promise<string | undefined> {
    try {
      this.parsed = { text, value: await this.output.parse(text) };
      return undefined;
    } catch (error) {
      if (!(error instanceof StructuredOutputError)) throw error;
      return LoopSteeringMessages.repairRequest(error.target, error.issues);
    }
  }

  /** The value of the final answer: checked already when it fit, parsed now otherwise (which throws). */
  valueOf(text: string): Promise<T> {
    const parsed = this.parsed;
    return parsed !== undefined && parsed.text === text
      ? Promise.resolve(parsed.value)
      : this.output.parse(text);
  }
}
