import { ChatClient, FunctionToolCallback, TransientToolError } from 'nestjs-tool-calling';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OtelTestSdk } from './support/otel-test-sdk';

describe('a retried tool call on its execute_tool span', () => {
  let sdk: OtelTestSdk;

  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());

  it('has one event per retry, with the attempt, the wait and the error type, and the attempts in all', async () => {
    let calls = 0;
    const tool = FunctionToolCallback.from({
      name: 'fetch_rates',
      fn: () => {
        if (++calls < 3) throw new TransientToolError('rates service busy, token sk-secret');
        return 1.08;
      },
      retry: { maxAttempts: 3, backoffMs: 1 },
    });
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'fetch_rates' }] }, 'Done.']);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: [tool] },
      { toolCallingManager: { telemetry: new OpenTelemetryChatTelemetry() } },
    );

    await chat.prompt('EUR?').call().content();

    const span = sdk.finished().find((each) => each.name === 'execute_tool fetch_rates')!;
    expect(span.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        'tool_calling.tool.retry',
        {
          'tool_calling.retry.attempt': 1,
          'tool_calling.retry.delay_ms': 1,
          'error.type': 'TransientToolError',
        },
      ],
      [
        'tool_calling.tool.retry',
        {
          'tool_calling.retry.attempt': 2,
          'tool_calling.retry.delay_ms': 2,
          'error.type': 'TransientToolError',
        },
      ],
    ]);
    expect(span.attributes['tool_calling.tool.attempts']).toBe(3);
    expect(span.attributes['tool_calling.tool.outcome']).toBe('success');
    expect(JSON.stringify(span.events)).not.toContain('sk-secret');
  });
});
