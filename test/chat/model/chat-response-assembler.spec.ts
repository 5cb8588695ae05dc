import { ChatResponseAssembler } from '../../../lib/chat/model/chat-response-assembler';
import type { ChatResponseChunk } from 'nestjs-tool-calling';

function assemble(chunks: ChatResponseChunk[], round = 1) {
  const assembler = new ChatResponseAssembler();
  const texts = chunks.map((chunk) => assembler.add(chunk));
  return { response: assembler.toResponse(round), texts };
}

const delta = (index: number, argumentsDelta?: string, id?: string, name?: string): ChatResponseChunk => ({
  type: 'tool-call-delta',
  index,
  id,
  name,
  argumentsDelta,
});

describe('ChatResponseAssembler', () => {
  it('joins text deltas and returns each one', () => {
    const { response, texts } = assemble([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
      {
        type: 'finish',
        finishReason: 'stop',
        usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      },
    ]);
    expect(texts).toEqual(['Hel', 'lo', undefined]);
    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello', toolCalls: [] },
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      metadata: undefined,
    });
  });

  it('assembles calls numbered 0, 1, 2 from interleaved fragments', () => {
    const { response } = assemble([
      delta(0, '{"ci', 'a', 'weather'),
      delta(1, '{"zone"', 'b', 'time'),
      delta(0, 'ty":"Paris"}'),
      delta(1, ':"UTC"}'),
      delta(2, '{}', 'c', 'noop'),
    ]);
    expect(response.message.toolCalls).toEqual([
      { id: 'a', name: 'weather', arguments: '{"city":"Paris"}' },
      { id: 'b', name: 'time', arguments: '{"zone":"UTC"}' },
      { id: 'c', name: 'noop', arguments: '{}' },
    ]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('orders calls by index whatever the numbering: gaps, out of order, negative, fractional', () => {
    const { response } = assemble([
      delta(0, '{}', 'zero', 'z'),
      delta(7, '{}', 'seven', 's'),
      delta(3, '{}', 'three', 't'),
      delta(-1, '{}', 'minus', 'm'),
      delta(2.5, '{}', 'half', 'h'),
      delta(3, '"more"'),
    ]);
    expect(response.message.toolCalls.map((call) => call.id)).toEqual([
      'minus',
      'zero',
      'half',
      'three',
      'seven',
    ]);
    expect(response.message.toolCalls[3].arguments).toBe('{}"more"');
  });

  it('orders calls that start at another index than 0', () => {
    const { response } = assemble([delta(5, '{}', 'five', 'f'), delta(4, '{}', 'four', 'f')]);
    expect(response.message.toolCalls.map((call) => call.id)).toEqual(['four', 'five']);
  });

  it('takes an id or a name from a later fragment, and names a call that never got an id', () => {
    const { response } = assemble(
      [delta(0, '{"a"'), delta(0, ':1}', 'late', 'tool'), delta(1, '{}', undefined, undefined)],
      3,
    );
    expect(response.message.toolCalls).toEqual([
      { id: 'late', name: 'tool', arguments: '{"a":1}' },
      { id: 'call_3_1', name: '', arguments: '{}' },
    ]);
  });

  it('keeps the first id and name a call got', () => {
    const { response } = assemble([delta(0, '', 'first', 'one'), delta(0, '{}', 'second', 'two')]);
    expect(response.message.toolCalls).toEqual([{ id: 'first', name: 'one', arguments: '{}' }]);
  });
});
