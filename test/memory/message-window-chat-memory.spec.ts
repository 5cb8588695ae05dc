import {
  ChatMemoryReadError,
  InMemoryChatMemoryRepository,
  MessageWindowChatMemory,
  ToolCallingOptionsError,
  assistantMessage,
  toolResponseMessage,
  userMessage,
  type Message,
} from 'nestjs-tool-calling';

const call = (id: string) => assistantMessage('', [{ id, name: 'lookup', arguments: '{}' }]);
const result = (id: string) => toolResponseMessage([{ id, name: 'lookup', result: 'ok', isError: false }]);

describe('MessageWindowChatMemory', () => {
  it('keeps the last N messages of each conversation, apart', async () => {
    const memory = new MessageWindowChatMemory({ maxMessages: 3 });
    await memory.add('a', [userMessage('1'), assistantMessage('one')]);
    await memory.add('b', [userMessage('x')]);
    await memory.add('a', [userMessage('2'), assistantMessage('two')]);
    expect(await memory.get('a')).toEqual([
      assistantMessage('one'),
      userMessage('2'),
      assistantMessage('two'),
    ]);
    expect(await memory.get('b')).toEqual([userMessage('x')]);
    expect(await memory.get('unknown')).toEqual([]);
    await memory.clear('a');
    expect(await memory.get('a')).toEqual([]);
  });

  it('never keeps a tool result without the assistant message that asked for it', async () => {
    const memory = new MessageWindowChatMemory({ maxMessages: 4 });
    const exchange: Message[] = [userMessage('q'), call('c1'), result('c1'), assistantMessage('a')];
    await memory.add('a', exchange);
    await memory.add('a', [userMessage('q2'), call('c2'), result('c2'), assistantMessage('a2')]);
    // The last 4 would be [call c2, result c2, a2] plus q2 — exactly the second exchange.
    expect(await memory.get('a')).toEqual([
      userMessage('q2'),
      call('c2'),
      result('c2'),
      assistantMessage('a2'),
    ]);

    const three = new MessageWindowChatMemory({ maxMessages: 3 });
    await three.add('t', exchange);
    expect(await three.get('t')).toEqual([call('c1'), result('c1'), assistantMessage('a')]);
    const two = new MessageWindowChatMemory({ maxMessages: 2 });
    await two.add('t', exchange);
    // The last 2 start with the tool result: it goes, as its call is out of the window.
    expect(await two.get('t')).toEqual([assistantMessage('a')]);
  });

  it('refuses a window below one message', () => {
    expect(() => new MessageWindowChatMemory({ maxMessages: 0 })).toThrow(ToolCallingOptionsError);
  });

  it('reads stored entries defensively: an unreadable one is a typed error naming the conversation', async () => {
    const repository = new InMemoryChatMemoryRepository();
    const memory = new MessageWindowChatMemory({ repository });
    const raw = (repository as unknown as { conversations: Map<string, string> }).conversations;
    raw.set('broken', '{not json');
    raw.set('future', JSON.stringify({ v: 2, messages: [] }));
    raw.set('odd', JSON.stringify({ v: 1, messages: [{ role: 'assistant', content: 'x' }] }));
    await expect(memory.get('broken')).rejects.toThrow(
      'the chat memory of conversation "broken" cannot be read: the stored entry is not JSON',
    );
    await expect(memory.get('future')).rejects.toThrow(
      'the stored entry has version 2, this library reads version 1',
    );
    await expect(memory.add('odd', [userMessage('more')])).rejects.toBeInstanceOf(ChatMemoryReadError);
    expect(raw.get('odd')).toContain('"content":"x"');
  });

  it('is bounded: the least recently written conversation goes first', async () => {
    const repository = new InMemoryChatMemoryRepository(2);
    const memory = new MessageWindowChatMemory({ repository });
    await memory.add('1', [userMessage('a')]);
    await memory.add('2', [userMessage('b')]);
    await memory.add('1', [userMessage('c')]);
    await memory.add('3', [userMessage('d')]);
    expect(await memory.get('2')).toEqual([]);
    expect(await memory.get('1')).toHaveLength(2);
  });
});
