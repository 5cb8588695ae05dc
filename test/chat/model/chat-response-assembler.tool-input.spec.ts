import { ChatResponseAssembler } from '../../../lib/chat/model/chat-response-assembler';

describe('ChatResponseAssembler: the arguments of tool calls as they arrive', () => {
  function listen(): { assembler: ChatResponseAssembler; told: string[][] } {
    const told: string[][] = [];
    return { assembler: new ChatResponseAssembler((id, name, delta) => told.push([id, name, delta])), told };
  }

  it('tells each piece with the call id and name, interleaved calls apart', () => {
    const { assembler, told } = listen();
    assembler.add({ type: 'tool-call-delta', index: 0, id: 'a', name: 'one', argumentsDelta: '{"x"' });
    assembler.add({ type: 'tool-call-delta', index: 1, id: 'b', name: 'two' });
    assembler.add({ type: 'tool-call-delta', index: 1, argumentsDelta: '{}' });
    assembler.add({ type: 'tool-call-delta', index: 0, argumentsDelta: ':1}' });
    assembler.toResponse(1);
    expect(told).toEqual([
      ['a', 'one', '{"x"'],
      ['b', 'two', '{}'],
      ['a', 'one', ':1}'],
    ]);
  });

  it('holds pieces that come before the id and name, and tells them with the next piece after', () => {
    const { assembler, told } = listen();
    assembler.add({ type: 'tool-call-delta', index: 0, argumentsDelta: '{"x"' });
    assembler.add({ type: 'tool-call-delta', index: 0, id: 'a' });
    expect(told).toEqual([]);
    assembler.add({ type: 'tool-call-delta', index: 0, name: 'one', argumentsDelta: ':1' });
    assembler.add({ type: 'tool-call-delta', index: 0, argumentsDelta: '}' });
    expect(told).toEqual([
      ['a', 'one', '{"x":1'],
      ['a', 'one', '}'],
    ]);
  });

  it('tells the pieces of a call that never got an id under the id the response gives it', () => {
    const { assembler, told } = listen();
    assembler.add({ type: 'tool-call-delta', index: 0, name: 'one', argumentsDelta: '{}' });
    const response = assembler.toResponse(3);
    expect(told).toEqual([['call_3_0', 'one', '{}']]);
    expect(response.message.toolCalls).toEqual([{ id: 'call_3_0', name: 'one', arguments: '{}' }]);
  });

  it('keeps nothing of its bookkeeping on the calls of the response', () => {
    const { assembler } = listen();
    assembler.add({ type: 'tool-call-delta', index: 0, id: 'a', name: 'one', argumentsDelta: '{}' });
    expect(Object.keys(assembler.toResponse(1).message.toolCalls![0])).toEqual(['id', 'name', 'arguments']);
  });
});
