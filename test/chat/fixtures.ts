import { FunctionToolCallback, Tool, ToolContext, ToolParam, type Usage } from 'nestjs-tool-calling';

/** The tools of the seed articles' weather exchange. */
export class WeatherTools {
  readonly cities: string[] = [];
  readonly contexts: ToolContext[] = [];

  @Tool({ name: 'get_weather', description: 'Current weather of a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string, context: ToolContext): string {
    this.cities.push(city);
    this.contexts.push(context);
    return `${city}: sunny, 25°C`;
  }

  @Tool({ description: 'Air quality index of a city' })
  getAirQuality(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: AQI 50`;
  }
}

/** A second class defining `get_weather` as well. */
export class OtherWeatherTools {
  @Tool({ name: 'get_weather' })
  weather(@ToolParam() city: string): string {
    return `${city}: rain`;
  }
}

export function usage(promptTokens: number, completionTokens: number): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A function tool with no input that runs `fn` and returns its result. */
export function noInputTool(
  name: string,
  fn: (context: ToolContext) => unknown,
  options: { returnDirect?: boolean; sequential?: boolean; timeoutMs?: number } = {},
): FunctionToolCallback {
  return FunctionToolCallback.from({
    name,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    fn: (_input: unknown, context: ToolContext) => fn(context),
    ...options,
  });
}

/**
 * Tools `a` and `b`, each of which waits for the other to have started: they both finish only when they run at the
 * same time (concurrency shown without timing). They answer `A` and `B`.
 */
export function toolsWaitingForEachOther(): [FunctionToolCallback, FunctionToolCallback] {
  const aStarted = deferred();
  const bStarted = deferred();
  const a = noInputTool('a', async () => {
    aStarted.resolve();
    await bStarted.promise;
    return 'A';
  });
  const b = noInputTool('b', async () => {
    bStarted.resolve();
    await aStarted.promise;
    return 'B';
  });
  return [a, b];
}

/** Lets the event loop run everything that is ready (microtasks and I/O callbacks) once. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
