import {
  ChatClient,
  ChatMemoryReadError,
  MessageChatMemoryAdvisor,
  MessageWindowChatMemory,
  StateStoreUnavailableError,
  assistantMessage,
  toolResponseMessage,
  userMessage,
} from 'nestjs-tool-calling';
import { RedisChatMemoryRepository } from '../../lib/memory/redis-chat-memory-repository';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { freePort } from '../support/redis-server';
import { describeWithRedis } from '../support/redis-suite';

const call = (id: string) => assistantMessage('', [{ id, name: 'lookup', arguments: '{}' }]);
const result = (id: string) => toolResponseMessage([{ id, name: 'lookup', result: 'ok', isError: false }]);

describeWithRedis('RedisChatMemoryRepository', (live) => {
  it('keeps the window in Redis, one versioned JSON entry per message, never a result without its call', async () => {
    const memory = new MessageWindowChatMemory({
      repository: new RedisChatMemoryRepository(live.client),
      maxMessages: 2,
    });
    await memory.add('w', [userMessage('q'), call('c1'), result('c1'), assistantMessage('a')]);
    expect(await memory.get('w')).toEqual([assistantMessage('a')]);
    const big = new MessageWindowChatMemory({
      repository: new RedisChatMemoryRepository(live.client),
      maxMessages: 3,
    });
    await big.add('w3', [userMessage('q'), call('c1'), result('c1'), assistantMessage('a')]);
    expect(await big.get('w3')).toEqual([call('c1'), result('c1'), assistantMessage('a')]);
    const [entry] = await live.client.lrange('nestjs-tool-calling:memory:w3', 0, 0);
    expect(JSON.parse(entry)).toEqual({ v: 1, role: 'assistant', message: call('c1') });
    expect(await live.client.pttl('nestjs-tool-calling:memory:w3')).toBeGreaterThan(0);
    await big.clear('w3');
    expect(await big.get('w3')).toEqual([]);
  });

  it('serves a conversation from two clients (two replicas) as one', async () => {
    const modelA = new ScriptedChatModel(['Noted: blue.']);
    const modelB = new ScriptedChatModel(['Your colour is blue.']);
    const repositories = [
      new RedisChatMemoryRepository(live.server.url),
      new RedisChatMemoryRepository(live.server.url),
    ];
    const replica = (model: ScriptedChatModel, repository: RedisChatMemoryRepository) =>
      ChatClient.create(model, {
        advisors: [new MessageChatMemoryAdvisor(new MessageWindowChatMemory({ repository }))],
      });
    await replica(modelA, repositories[0]).prompt('My colour is blue').conversationId('two').call().content();
    await replica(modelB, repositories[1])
      .prompt('What is my colour?')
      .conversationId('two')
      .call()
      .content();
    await Promise.all(repositories.map((repository) => repository.close()));
    expect(modelB.requests[0].messages).toEqual([
      userMessage('My colour is blue'),
      assistantMessage('Noted: blue.'),
      userMessage('What is my colour?'),
    ]);
  });

  it('an entry that cannot be read is an error naming the conversation, and is left in place', async () => {
    await live.client.rpush(
      'nestjs-tool-calling:memory:bad',
      '{"v":1,"role":"user","message":{"role":"user","content":"ok"}}',
      'garbage',
    );
    const memory = new MessageWindowChatMemory({ repository: new RedisChatMemoryRepository(live.client) });
    await expect(memory.get('bad')).rejects.toThrow(new ChatMemoryReadError('bad', 'message 1 is not JSON'));
    expect(await live.client.llen('nestjs-tool-calling:memory:bad')).toBe(2);
  });

  it('an unreachable Redis is a typed error, and nothing is written', async () => {
    const port = await freePort();
    const repository = new RedisChatMemoryRepository(`redis://127.0.0.1:${port}`);
    const memory = new MessageWindowChatMemory({ repository });
    const error = await memory.add('x', [userMessage('q')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateStoreUnavailableError);
    expect((error as Error).message).toMatch(
      /^the Redis chat memory is unreachable \(append\): .*; nothing was written$/,
    );
    await repository.close();
  });
});
