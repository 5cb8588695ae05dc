import { ToolContext } from 'nestjs-tool-calling';
import { toolCallArgs, toolParamsFactory, VISIBLE } from '../../lib/handlers/tool-call-arguments';

const positions = { toolName: 'closeTicket', byData: new Map([['id', 0]]), contextIndex: 1 };
const BODY = 3;

describe('the arguments of a tool call as Nest enhancers see them', () => {
  it('show guards the three fields of the call info, and nothing of what the parameter factory reads', () => {
    const request = { user: 'alice' };
    const context = ToolContext.of({ tenant: 'acme' }).withExecution({ request, conversation: {} });
    const [, , info] = toolCallArgs({ id: 'T-1' }, context, 'call-0', ['T-1'], positions);
    expect(Object.keys(info)).toEqual(['toolName', 'toolCallId', 'request']);
    expect(info).toEqual({ toolName: 'closeTicket', toolCallId: 'call-0', request });
    expect(JSON.parse(JSON.stringify(info))).toEqual({
      toolName: 'closeTicket',
      toolCallId: 'call-0',
      request: { user: 'alice' },
    });
    expect(Object.getOwnPropertySymbols(info)).toEqual([]);
  });

  it('hand each parameter its bound value, and stop a visibility check before any parameter', () => {
    const context = ToolContext.empty();
    const call = toolCallArgs({ id: 'T-1' }, context, 'call-0', ['T-1'], positions);
    expect(toolParamsFactory.exchangeKeyForValue(BODY, 'id', call)).toBe('T-1');
    const check = toolCallArgs(undefined, context, undefined, undefined, positions);
    expect(() => toolParamsFactory.exchangeKeyForValue(BODY, 'id', check)).toThrow(VISIBLE);
  });

  it('cannot be forged: a copy of the call info reads as a visibility check, running no method', () => {
    const call = toolCallArgs({ id: 'T-1' }, ToolContext.empty(), 'call-0', ['T-1'], positions);
    const copied = [call[0], call[1], { ...call[2] }];
    expect(() => toolParamsFactory.exchangeKeyForValue(BODY, 'id', copied)).toThrow(VISIBLE);
  });
});
