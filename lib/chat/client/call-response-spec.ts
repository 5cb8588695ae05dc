import type { ChatClientResponse } from '../ports/chat-client-response';
import { structuredOutputOf, type EntityTarget } from './structured-output';

/**
 * The terminal methods of `call()`. `content()` and `chatResponse()` share one run of the request; `entity()` runs
 * it with format instructions added to the user message.
 */
export class CallResponseSpec {
  private result?: Promise<ChatClientResponse>;

  /** @internal Made by `ChatClientRequestSpec.call()`. */
  constructor(
    private readonly runRequest: (instructions: string | undefined) => Promise<ChatClientResponse>,
  ) {}

  /** The whole outcome: last response, summed usage, full history, tool calls made. */
  chatResponse(): Promise<ChatClientResponse> {
    return (this.result ??= this.run(undefined));
  }

  /** The answer's text (or the results of `returnDirect` tools). */
  async content(): Promise<string> {
    return (await this.chatResponse()).text;
  }

  /**
   * The answer parsed as JSON into a class-validator class (validated, returned as an instance) or through a
   * Standard Schema (returned as the schema's output). The model is told the JSON Schema to follow. Rejects with a
   * `StructuredOutputError` listing what does not fit.
   */
  async entity<T>(target: EntityTarget<T>): Promise<T> {
    const output = structuredOutputOf(target);
    const response = await this.run(output.instructions);
    return output.parse(response.text);
  }

  private async run(instructions: string | undefined): Promise<ChatClientResponse> {
    return this.runRequest(instructions);
  }
}
