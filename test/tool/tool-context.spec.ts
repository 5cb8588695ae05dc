import { MissingToolContextKeyError, ToolContext } from 'nestjs-tool-calling';

describe('ToolContext', () => {
  it('is immutable: with() returns a new context and the source object is copied', () => {
    const values = { tenantId: 't1' };
    const context = ToolContext.of(values);
    values.tenantId = 'changed';
    const more = context.with({ user: 'ada' });
    expect(context.get('tenantId')).toBe('t1');
    expect(context.keys()).toEqual(['tenantId']);
    expect(more.toObject()).toEqual({ tenantId: 't1', user: 'ada' });
    expect(context.with({ tenantId: 't2' }).get('tenantId')).toBe('t2');
  });

  it('require() names the key and the tool', () => {
    const context = ToolContext.of<{ tenantId?: string }>({}).forTool('listTickets');
    expect(() => context.require('tenantId')).toThrow(MissingToolContextKeyError);
    expect(() => context.require('tenantId')).toThrow(
      'the tool context has no value for "tenantId", which tool "listTickets" requires; pass it with .toolContext({ ... })',
    );
  });

  it('never shows its values when logged or serialised', () => {
    const context = ToolContext.of({ apiKey: 'sk-secret' });
    expect(JSON.stringify({ context })).toBe('{"context":"ToolContext(1 keys)"}');
    expect(`${context}`).toBe('ToolContext(1 keys)');
  });

  it('has a shared empty context and carries a signal', () => {
    expect(ToolContext.empty().isEmpty).toBe(true);
    const controller = new AbortController();
    const context = ToolContext.of({ a: 1 }).withSignal(controller.signal);
    expect(context.signal).toBe(controller.signal);
    expect(context.forTool('x').signal).toBe(controller.signal);
  });

  it('forCall() labels the context with the tool and observes the call controller', () => {
    const controller = new AbortController();
    const context = ToolContext.of({ a: 1 }).forCall('getWeather', controller);
    expect(context.toolName).toBe('getWeather');
    expect(context.get('a')).toBe(1);
    controller.abort(new Error('timed out'));
    expect(context.signal).toBe(controller.signal);
    expect(context.signal?.aborted).toBe(true);
  });
});
