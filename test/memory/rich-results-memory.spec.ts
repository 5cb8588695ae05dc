import {
  ChatClient,
  ChatMemoryReadError,
  FunctionToolCallback,
  InMemoryChatMemoryRepository,
  MessageChatMemoryAdvisor,
  MessageWindowChatMemory,
  ResultPart,
  ToolResult,
  type ChatMemoryRepository,
  type Message,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { RedisChatMemoryRepository } from '../../lib/memory/redis-chat-memory-repository';
import { describeWithRedis } from '../support/redis-suite';

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 250, 251]);

const chart = FunctionToolCallback.from({
  name: 'chart',
  fn: () =>
    ToolResult.of(
      'Open tickets',
      ResultPart.image(PNG_BYTES, 'image/png'),
      ResultPart.audio(Buffer.from('RIFF....WAVE'), 'audio/wav'),
      ResultPart.fileUrl('https://example.com/report.pdf', 'application/pdf', 'report.pdf'),
      ResultPart.resourceLink({ uri: 'tickets://open', name: 'open tickets', description: 'the list' }),
      ResultPart.resourceText('tickets://1', 'Printer on fire', 'text/plain'),
      ResultPart.resourceBytes('tickets://1/photo', PNG_BYTES, 'image/png'),
    ).withStructuredContent({ open: 3, ids: [1, 2, 3] }),
});

/**
 * One conversation, two calls: the tool message of the first, kept by the repository, reaches the model's request
 * in the second exactly as the model saw it in the first.
 */
async function roundTrip(repository: ChatMemoryRepository, conversationId: string): Promise<void> {
  const model = new ScriptedChatModel([{ toolCalls: [{ name: 'chart' }] }, 'Here it is.', 'Still 3.']);
  const chat = ChatClient.create(model, {
    toolCallbacks: [chart],
    advisors: [new MessageChatMemoryAdvisor(new MessageWindowChatMemory({ repository }))],
  });
  await chat.prompt('Chart?').conversationId(conversationId).call().content();
  const seen = model.requests[1].messages.find((message) => message.role === 'tool')!;
  expect(seen.role === 'tool' && seen.responses[0].content).toHaveLength(7);

  await chat.prompt('How many?').conversationId(conversationId).call().content();
  const remembered = model.requests[2].messages.find((message) => message.role === 'tool');
  expect(remembered).toEqual(seen);
  expect(await repository.findByConversationId(conversationId)).toContainEqual(seen);
}

describe('chat memory keeps rich results', () => {
  it('in memory: every kind of part and the structured content come back as they went in', async () => {
    await roundTrip(new InMemoryChatMemoryRepository(), 'rich-in-memory');
  });
});

describeWithRedis('chat memory keeps rich results in Redis', (live) => {
  it('every kind of part and the structured content come back as they went in, from another client', async () => {
    const repository = new RedisChatMemoryRepository(live.client);
    await roundTrip(repository, 'rich-redis');
    const other = new RedisChatMemoryRepository(live.server.url);
    try {
      const messages: Message[] = await other.findByConversationId('rich-redis');
      const tool = messages.find((message) => message.role === 'tool');
      expect(tool?.role === 'tool' && tool.responses[0].content?.[1]).toEqual({
        type: 'image',
        mediaType: 'image/png',
        data: PNG_BYTES.toString('base64'),
      });
    } finally {
      await other.close();
    }
  });

  it('a stored part that is not one is a ChatMemoryReadError naming the conversation', async () => {
    const key = 'nestjs-tool-calling:memory:bad-part';
    const response = { id: 'c', name: 'chart', result: '', isError: false, content: [{ type: 'image' }] };
    await live.client.rpush(
      key,
      JSON.stringify({ v: 1, role: 'tool', message: { role: 'tool', responses: [response] } }),
    );
    const repository = new RedisChatMemoryRepository(live.client);
    const error = await repository.findByConversationId('bad-part').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ChatMemoryReadError);
    expect((error as Error).message).toContain('message 0 has a malformed tool response');
  });
});
