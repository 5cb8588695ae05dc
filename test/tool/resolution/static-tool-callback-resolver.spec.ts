import {
  DuplicateToolNameError,
  FunctionToolCallback,
  StaticToolCallbackResolver,
} from 'nestjs-tool-calling';

const tool = (name: string, answer = name) => FunctionToolCallback.from({ name, fn: () => answer });

describe('StaticToolCallbackResolver', () => {
  it('resolves the callbacks it was given by name, and nothing else', async () => {
    const weather = tool('getWeather', 'sunny');
    const resolver = new StaticToolCallbackResolver([weather, tool('getTime')]);
    expect(resolver.resolve('getWeather')).toBe(weather);
    expect(await resolver.resolve('getWeather')!.call('{}')).toBe('sunny');
    expect(resolver.resolve('getForecast')).toBeUndefined();
    expect(resolver.getToolCallbacks().map((c) => c.getToolDefinition().name)).toEqual([
      'getWeather',
      'getTime',
    ]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'resolves the Object.prototype name %s to nothing',
    (name) => {
      expect(new StaticToolCallbackResolver([tool('getWeather')]).resolve(name)).toBeUndefined();
    },
  );

  it('refuses duplicate names when it is made', () => {
    expect(() => new StaticToolCallbackResolver([tool('ping'), tool('ping')])).toThrow(
      DuplicateToolNameError,
    );
    expect(() => new StaticToolCallbackResolver([tool('ping'), tool('ping')])).toThrow(
      'duplicate tool names: "ping" is defined by FunctionToolCallback(ping), FunctionToolCallback(ping)',
    );
  });
});
