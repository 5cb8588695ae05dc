import {
  DelegatingToolCallbackResolver,
  FunctionToolCallback,
  StaticToolCallbackResolver,
  type ToolCallbackResolver,
} from 'nestjs-tool-calling';

const tool = (name: string, answer: string) => FunctionToolCallback.from({ name, fn: () => answer });

describe('DelegatingToolCallbackResolver', () => {
  const first = new StaticToolCallbackResolver([tool('ping', 'first ping')]);
  const second = new StaticToolCallbackResolver([tool('ping', 'second ping'), tool('pong', 'second pong')]);

  it('returns the answer of the first resolver that knows the name', async () => {
    const resolver = new DelegatingToolCallbackResolver([first, second]);
    expect(await resolver.resolve('ping')!.call('{}')).toBe('first ping');
    expect(await resolver.resolve('pong')!.call('{}')).toBe('second pong');
    expect(resolver.resolve('__proto__')).toBeUndefined();
    expect(resolver.resolve('unknown')).toBeUndefined();
  });

  it('stops asking once a resolver has answered', () => {
    const asked: string[] = [];
    const spy = (label: string, inner: ToolCallbackResolver): ToolCallbackResolver => ({
      resolve: (name) => {
        asked.push(label);
        return inner.resolve(name);
      },
    });
    const resolver = new DelegatingToolCallbackResolver([spy('first', first), spy('second', second)]);
    resolver.resolve('ping');
    expect(asked).toEqual(['first']);
    resolver.resolve('pong');
    expect(asked).toEqual(['first', 'first', 'second']);
  });

  it('knows nothing without resolvers', () => {
    expect(new DelegatingToolCallbackResolver([]).resolve('ping')).toBeUndefined();
  });
});
