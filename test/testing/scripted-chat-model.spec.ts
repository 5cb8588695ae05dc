import { userMessage, type ChatResponseChunk, type Message, type Prompt } from 'nestjs-tool-calling';
import { ScriptExhaustedError, ScriptedChatModel } from 'nestjs-tool-calling/testing';

function prompt(messages: Message[], extra: Partial<Prompt> = {}): Prompt {
  return { messages, tools: [], options: {}, ...extra };
}

async function chunksOf(iterable: AsyncIterable<ChatResponseChunk>): Promise<ChatResponseChunk[]> {
  const chunks: ChatResponseChunk[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('ScriptedChatModel', () => {
  it('answers from a list, with made-up ids and finish reasons', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'a', arguments: { x: 1 } },
          { id: 'mine', name: 'b' },
        ],
      },
      'plain text',
      {
        text: 'cut',
        finishReason: 'length',
        usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      },
    ]);
    expect(await model.call(prompt([userMessage('1')]))).toEqual({
      message: {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call_1_1', name: 'a', arguments: '{"x":1}' },
          { id: 'mine', name: 'b', arguments: '{}' },
        ],
      },
      finishReason: 'tool_calls',
    });
    expect(await model.call(prompt([userMessage('2')]))).toEqual({
      message: { role: 'assistant', content: 'plain text', toolCalls: [] },
      finishReason: 'stop',
    });
    expect(await model.call(prompt([userMessage('3')]))).toMatchObject({
      finishReason: 'length',
      usage: { totalTokens: 3 },
    });
  });

  it('answers from a function of the prompt', async () => {
    const model = new ScriptedChatModel(async (request, index) => {
      const last = request.messages.at(-1)!;
      return `#${index} ${last.role === 'user' ? last.content.toUpperCase() : ''}`;
    });
    expect((await model.call(prompt([userMessage('hello')]))).message.content).toBe('#0 HELLO');
    expect((await model.call(prompt([userMessage('again')]))).message.content).toBe('#1 AGAIN');
  });

  it('records a snapshot of every request', async () => {
    const model = new ScriptedChatModel(['a', 'b']);
    const messages: Message[] = [userMessage('first')];
    const tools = [{ name: 't', description: 'd', inputSchema: { type: 'object' } }];
    await model.call(prompt(messages, { tools, options: { temperature: 0 } }));
    messages.push(userMessage('mutated later'));
    await chunksOf(model.stream(prompt(messages)));

    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]).toEqual({
      messages: [userMessage('first')],
      tools,
      options: { temperature: 0 },
      streamed: false,
    });
    expect(model.lastRequest).toMatchObject({
      streamed: true,
      messages: [userMessage('first'), userMessage('mutated later')],
    });
  });

  it('streams text in chunks and tool calls in interleaved fragments, then the finish', async () => {
    const model = new ScriptedChatModel(
      [
        {
          text: 'Checking…',
          toolCalls: [
            { id: 'a', name: 'one', arguments: '{"city":"Paris"}' },
            { id: 'b', name: 'two', arguments: '{}' },
          ],
          usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        },
      ],
      { chunkSize: 5 },
    );
    expect(await chunksOf(model.stream(prompt([userMessage('go')])))).toEqual([
      { type: 'text-delta', text: 'Check' },
      { type: 'text-delta', text: 'ing…' },
      { type: 'tool-call-delta', index: 0, id: 'a', name: 'one' },
      { type: 'tool-call-delta', index: 1, id: 'b', name: 'two' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"cit' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'y":"P' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'aris"' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '}' },
      {
        type: 'finish',
        finishReason: 'tool_calls',
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      },
    ]);
  });

  it('says clearly when the script has run out', async () => {
    const model = new ScriptedChatModel(['only one']);
    await model.call(prompt([userMessage('first')]));
    const call = model.call(prompt([userMessage('second question')]));
    await expect(call).rejects.toThrow(ScriptExhaustedError);
    await expect(call).rejects.toThrow(
      "ScriptedChatModel: request #2 arrived, but the script has only 1 response; the request's last message was " +
        'user: "second question". Add a response to the script, or check why the loop made another request.',
    );
    expect(model.requests).toHaveLength(2);

    const fn = new ScriptedChatModel(() => undefined);
    const tools: Message = {
      role: 'tool',
      responses: [{ id: '1', name: 'get_weather', result: 'sunny', isError: false }],
    };
    await expect(chunksOf(fn.stream(prompt([userMessage('q'), tools])))).rejects.toThrow(
      "ScriptedChatModel: the script function returned no response for request #1; the request's last message was " +
        'tool results get_weather: "sunny". Add a response to the script, or check why the loop made another request.',
    );
  });

  it('rejects with the abort reason, also while a script function is pending', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel(() => new Promise<string>(() => undefined));
    const call = model.call(prompt([userMessage('go')]), { signal: controller.signal });
    controller.abort(new Error('stop now'));
    await expect(call).rejects.toThrow('stop now');
    await expect(model.call(prompt([userMessage('go')]), { signal: controller.signal })).rejects.toThrow(
      'stop now',
    );
  });
});
