import { FunctionToolCallback, TOOL_NAME_PATTERN } from 'nestjs-tool-calling';

describe('tool names', () => {
  it.each(['getWeather', 'get_weather', 'get-weather-2', 'x'.repeat(64)])('accepts %s', (name) => {
    expect(FunctionToolCallback.from({ name, fn: () => 1 }).getToolDefinition().name).toBe(name);
  });

  it.each(['', 'get weather', 'météo', 'a.b', 'x'.repeat(65), '__proto__!'])('refuses %j', (name) => {
    expect(TOOL_NAME_PATTERN.test(name)).toBe(false);
    expect(() => FunctionToolCallback.from({ name, fn: () => 1 })).toThrow(/a tool name must match/);
  });

  it.each([
    ['getWeather', 'get weather'],
    ['getHTTPStatus', 'get http status'],
    ['get_air_quality', 'get air quality'],
    ['listOpenTickets2', 'list open tickets2'],
  ])('describes %s as "%s" by default', (name, description) => {
    expect(FunctionToolCallback.from({ name, fn: () => 1 }).getToolDefinition().description).toBe(
      description,
    );
  });
});
