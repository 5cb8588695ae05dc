import { ChatClient, ToolSearchAdvisor } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';
import { OtelTestSdk, shape } from '../telemetry/support/otel-test-sdk';
import { catalogTools } from './catalog';

describe('Tool search in telemetry', () => {
  let sdk: OtelTestSdk;

  beforeAll(() => {
    sdk = OtelTestSdk.start();
  });
  afterAll(() => sdk.shutdown());

  it('records the search as an execute_tool span like any tool, then the tool it found', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 's', name: 'tool_search', arguments: { query: 'money back for an order' } }] },
      { toolCalls: [{ id: 'c', name: 'refund_order', arguments: { orderId: 'A-1' } }] },
      'Refunded.',
    ]);
    const chat = ChatClient.create(
      model,
      { toolCallbacks: catalogTools(), advisors: [new ToolSearchAdvisor()] },
      { toolCallingManager: { telemetry: new OpenTelemetryChatTelemetry() } },
    );
    await chat.prompt('refund A-1').call().content();
    const [root] = sdk.trees();
    expect(shape(root)).toEqual({
      invoke_agent: ['chat', 'execute_tool tool_search', 'chat', 'execute_tool refund_order', 'chat'],
    });
  });
});
