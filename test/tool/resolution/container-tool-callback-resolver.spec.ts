import {
  ContainerToolCallbackResolver,
  DuplicateToolNameError,
  FunctionToolCallback,
  ToolDefinitionError,
} from 'nestjs-tool-calling';

const weather = FunctionToolCallback.from({ name: 'getWeather', fn: () => 'sunny' });

describe('ContainerToolCallbackResolver', () => {
  it('resolves the callbacks found in the container by their tool name', () => {
    const resolver = new ContainerToolCallbackResolver([weather]);
    expect(resolver.resolve('getWeather')).toBe(weather);
    expect(resolver.resolve('getTime')).toBeUndefined();
  });

  it('makes a tool without input of a function registered under the name asked for, once', async () => {
    let rolls = 0;
    const resolver = new ContainerToolCallbackResolver([weather], new Map([['rollDice', () => ++rolls]]));
    const rollDice = resolver.resolve('rollDice')!;
    expect(rollDice.getToolDefinition()).toEqual({
      name: 'rollDice',
      description: 'roll dice',
      inputSchema: expect.objectContaining({ type: 'object', properties: {} }),
    });
    expect(await rollDice.call('{}')).toBe('1');
    expect(resolver.resolve('rollDice')).toBe(rollDice);
    expect(await resolver.resolve('rollDice')!.call('{}')).toBe('2');
  });

  it('prefers a callback to a function of the same name', () => {
    const resolver = new ContainerToolCallbackResolver([weather], new Map([['getWeather', () => 'rain']]));
    expect(resolver.resolve('getWeather')).toBe(weather);
  });

  it('refuses a function that takes arguments, naming it', () => {
    const resolver = new ContainerToolCallbackResolver([], new Map([['greet', (name: string) => name]]));
    expect(() => resolver.resolve('greet')).toThrow(ToolDefinitionError);
    expect(() => resolver.resolve('greet')).toThrow(
      'the provider "greet" is a function that takes arguments',
    );
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('resolves %s to nothing', (name) => {
    expect(new ContainerToolCallbackResolver([weather], new Map()).resolve(name)).toBeUndefined();
  });

  it('refuses duplicate names', () => {
    expect(() => new ContainerToolCallbackResolver([weather, weather])).toThrow(DuplicateToolNameError);
  });
});
