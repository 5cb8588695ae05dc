import {
  CHAT_MEMORY_CONVERSATION_ID,
  ChatClient,
  InMemoryApprovalStore,
  InvalidChatRequestError,
  MessageChatMemoryAdvisor,
  MessageWindowChatMemory,
  assistantMessage,
  systemMessage,
  toolResponseMessage,
  userMessage,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools } from '../chat/fixtures';
import { DeskTools } from '../approval/fixtures';

describe('MessageChatMemoryAdvisor', () => {
  it('puts the earlier exchanges (tool calls and results included) before the new question', async () => {
    const memory = new MessageWindowChatMemory();
    const model = new ScriptedChatModel([
      { toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Rome' } }] },
      'Sunny in Rome.',
      'You asked about Rome.',
    ]);
    const chat = ChatClient.create(model, {
      system: 'Be brief.',
      tools: [new WeatherTools()],
      advisors: [new MessageChatMemoryAdvisor(memory)],
    });
    const first = await chat.prompt('Weather in Rome?').conversationId('conv-1').call().chatResponse();
    expect(first.context[CHAT_MEMORY_CONVERSATION_ID]).toBe('conv-1');
    await chat.prompt('Which city did I ask about?').conversationId('conv-1').call().content();

    const exchange = [
      userMessage('Weather in Rome?'),
      assistantMessage('', [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Rome"}' }]),
      toolResponseMessage([{ id: 'c1', name: 'get_weather', result: 'Rome: sunny, 25°C', isError: false }]),
      assistantMessage('Sunny in Rome.'),
    ];
    expect(model.requests[2].messages).toEqual([
      systemMessage('Be brief.'),
      ...exchange,
      userMessage('Which city did I ask about?'),
    ]);
    expect(await memory.get('conv-1')).toEqual([
      ...exchange,
      userMessage('Which city did I ask about?'),
      assistantMessage('You asked about Rome.'),
    ]);
  });

  it('leaves requests without a conversation id alone, and forConversation() binds one', async () => {
    const memory = new MessageWindowChatMemory();
    const model = new ScriptedChatModel(['a', 'b', 'c']);
    const chat = ChatClient.create(model, { advisors: [new MessageChatMemoryAdvisor(memory)] });
    await chat.prompt('no id').call().content();
    await chat.prompt('bound').advisors(memory.forConversation('c9')).call().content();
    await chat.prompt('again').advisors(memory.forConversation('c9')).call().content();
    expect(model.requests[0].messages).toEqual([userMessage('no id')]);
    expect(model.requests[2].messages).toEqual([
      userMessage('bound'),
      assistantMessage('b'),
      userMessage('again'),
    ]);
  });

  it('keeps streamed exchanges too, before the finished event is passed on', async () => {
    const memory = new MessageWindowChatMemory();
    const model = new ScriptedChatModel(['Streamed answer']);
    const chat = ChatClient.create(model, { advisors: [new MessageChatMemoryAdvisor(memory)] });
    for await (const event of chat.prompt('Hi').conversationId('s1').stream().events()) {
      if (event.type === 'finished')
        expect(await memory.get('s1')).toEqual([userMessage('Hi'), assistantMessage('Streamed answer')]);
    }
    expect(await memory.get('s1')).toHaveLength(2);
  });

  it('adds nothing when the call fails (no half exchange)', async () => {
    const memory = new MessageWindowChatMemory();
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' } }] },
    ]);
    const chat = ChatClient.create(model, {
      tools: [new WeatherTools()],
      advisors: [new MessageChatMemoryAdvisor(memory)],
    });
    await expect(chat.prompt('Weather?').conversationId('f').call().content()).rejects.toThrow();
    expect(await memory.get('f')).toEqual([]);
  });

  it('refuses a conversation id that is not a short string', async () => {
    const chat = ChatClient.create(new ScriptedChatModel(['x']), {
      advisors: [new MessageChatMemoryAdvisor(new MessageWindowChatMemory())],
    });
    await expect(chat.prompt('x').conversationId('').call().content()).rejects.toThrow(
      new InvalidChatRequestError('a conversation id is a non-empty string of at most 256 characters'),
    );
  });
});

describe('ChatClientOptions.chatMemory', () => {
  it('keeps only the requests that name a conversation, and resumed ones', async () => {
    const memory = new MessageWindowChatMemory();
    const model = new ScriptedChatModel([
      'no memory',
      { toolCalls: [{ id: 'c', name: 'closeTicket', arguments: { id: 1 } }] },
      'closed',
    ]);
    const chat = ChatClient.create(
      model,
      { tools: [new DeskTools()] },
      { chatMemory: memory, approvals: { store: new InMemoryApprovalStore() } },
    );
    await chat.prompt('plain').call().content();
    const ada = { user: { id: 'ada' } };
    const paused = await chat.prompt('Close 1').request(ada).conversationId('k').call().chatResponse();
    expect(await memory.get('k')).toEqual([]);
    await chat.prompt().request(ada).resume(paused.pendingApprovals[0].id, { approved: true }).content();
    expect((await memory.get('k')).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(model.requests[0].messages).toEqual([userMessage('plain')]);
  });
});
