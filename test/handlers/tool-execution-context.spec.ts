import type { ArgumentsHost } from '@nestjs/common';
import { NotAToolCallContextError, ToolContext, ToolExecutionContext } from 'nestjs-tool-calling';

function host(type: string, args: unknown[]): ArgumentsHost {
  return {
    getType: () => type,
    getArgs: () => args,
    getArgByIndex: (index: number) => args[index],
    switchToHttp: () => ({ getRequest: () => args[0] }),
    switchToRpc: () => ({ getData: () => args[0], getContext: () => args[1] }),
    switchToWs: () => ({}),
  } as unknown as ArgumentsHost;
}

describe('ToolExecutionContext', () => {
  it('reads the tool name, call id, arguments, ToolContext and caller of a tool call', () => {
    const request = { user: 'alice' };
    const toolContext = ToolContext.of({ tenant: 'acme' });
    const context = ToolExecutionContext.create(
      host('tool', [{ id: 'T-1' }, toolContext, { toolName: 'closeTicket', toolCallId: 'c1', request }]),
    );
    expect(context.getToolName()).toBe('closeTicket');
    expect(context.getToolCallId()).toBe('c1');
    expect(context.getArguments()).toEqual({ id: 'T-1' });
    expect(context.getToolContext().get('tenant')).toBe('acme');
    expect(context.getRequest()).toBe(request);
    expect(context.getType()).toBe('tool');
    expect(context.switchToRpc().getData()).toEqual({ id: 'T-1' });
  });

  it('refuses the context of anything but a tool call', () => {
    expect(() => ToolExecutionContext.create(host('http', []))).toThrow(NotAToolCallContextError);
    expect(() => ToolExecutionContext.create(host('http', []))).toThrow(
      "ToolExecutionContext.create() needs the execution context of a tool call (getType() === 'tool'), " +
        "but this one is of type 'http'",
    );
  });
});
