import {
  MethodToolCallbackProvider,
  Tool,
  ToolParam,
  type ChatResponseChunk,
  type FinishReason,
  type Prompt,
  type ToolCall,
  type ToolCallback,
  type Usage,
} from 'nestjs-tool-calling';

/** The API key the tests give the adapters; it must never show up in an error or a log. */
export const OPENAI_TEST_KEY = 'sk-test-secret-key-1234';
export const ANTHROPIC_TEST_KEY = 'sk-ant-test-secret-5678';
export const AZURE_TEST_KEY = 'azure-test-secret-9012';
export const GEMINI_TEST_KEY = 'AIzaSy-gemini-test-secret-3456';

/** The seed documents' weather tool, as users write it. */
export class WeatherTools {
  @Tool({ description: 'Current weather of a city' })
  getWeather(
    @ToolParam({ name: 'city', description: 'City name' }) city: string,
    @ToolParam({ name: 'unit', description: 'C or F', required: false, enum: ['C', 'F'] }) unit?: string,
  ): string {
    return `${city}: sunny, ${unit === 'F' ? '77°F' : '25°C'}`;
  }
}

export function weatherTools(): readonly ToolCallback[] {
  return MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();
}

export function prompt(partial: Partial<Prompt>): Prompt {
  return { messages: [], tools: [], options: {}, ...partial };
}

export async function collect(stream: AsyncIterable<ChatResponseChunk>): Promise<ChatResponseChunk[]> {
  const chunks: ChatResponseChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

export interface AssembledResponse {
  readonly text: string;
  readonly toolCalls: ToolCall[];
  readonly finishReason?: FinishReason;
  readonly usage?: Usage;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly messageMetadata?: Readonly<Record<string, unknown>>;
}

/** What a consumer of the port does with a stream: tool-call fragments joined by index. */
export function assemble(chunks: readonly ChatResponseChunk[]): AssembledResponse {
  let text = '';
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  let finish: Extract<ChatResponseChunk, { type: 'finish' }> | undefined;
  for (const chunk of chunks) {
    if (finish) throw new Error('a chunk came after the finish chunk');
    if (chunk.type === 'text-delta') text += chunk.text;
    else if (chunk.type === 'tool-call-delta') {
      const call = (calls[chunk.index] ??= { arguments: '' });
      if (chunk.id !== undefined) {
        if (call.id !== undefined) throw new Error(`tool call ${chunk.index} got a second id`);
        call.id = chunk.id;
      }
      if (chunk.name !== undefined) {
        if (call.name !== undefined) throw new Error(`tool call ${chunk.index} got a second name`);
        call.name = chunk.name;
      }
      call.arguments += chunk.argumentsDelta ?? '';
    } else finish = chunk;
  }
  return {
    text,
    toolCalls: calls.map((call) => ({ id: call.id!, name: call.name!, arguments: call.arguments })),
    finishReason: finish?.finishReason,
    usage: finish?.usage,
    metadata: finish?.metadata,
    ...(finish?.messageMetadata ? { messageMetadata: finish.messageMetadata } : {}),
  };
}

/** What a call or a stream failed with; a stream's chunks before the failure go to `seen`. */
export async function failure(
  action: Promise<unknown> | AsyncIterable<ChatResponseChunk>,
  seen: ChatResponseChunk[] = [],
): Promise<any> {
  try {
    if (Symbol.asyncIterator in action) for await (const chunk of action) seen.push(chunk);
    else await action;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** What `action` threw. */
export function thrownBy(action: () => unknown): any {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
