import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  MethodToolCallback,
  TOOL_CALLBACK_RESOLVER,
  ToolCallbackRegistry,
  type ToolCallbackResolver,
} from 'nestjs-tool-calling';
import {
  CallLog,
  NewsTools,
  ProviderShapesAppModule,
  RemoteToolsProvider,
  UnitToolsProvider,
  optionsLazyProvider,
} from './fixtures/provider-shapes.app';
import { startApp } from './fixtures/start-app';

describe('ToolCallingModule discovery: every provider shape', () => {
  let app: INestApplication;
  let registry: ToolCallbackRegistry;

  beforeAll(async () => {
    app = await startApp(ProviderShapesAppModule);
    registry = app.get(ToolCallbackRegistry);
  });

  afterAll(() => app.close());

  const call = (name: string, input: object = {}) => registry.get(name)!.call(JSON.stringify(input));

  it('registers the static tools and one callback per discovered @Tool method, each once', () => {
    const names = registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name);
    expect(names.slice(0, 3)).toEqual(['ping', 'echo', 'convertUnits']);
    expect(names.slice(3).sort()).toEqual(
      [
        'getClock',
        'getExchangeRate',
        'getForecast',
        'getHeadlines',
        'getServiceStatus',
        'getStockPrice',
        'getTime',
        'getTopStory',
        'getWeather',
      ].sort(),
    );
  });

  it('binds a class provider once (the useExisting alias is not counted again)', async () => {
    expect(await call('getWeather', { city: 'Paris' })).toBe('Paris: sunny');
    expect((registry.get('getWeather') as MethodToolCallback).source).toBe('WeatherTools.getWeather');
  });

  it('reads the metadata of a useFactory provider from the instance, not the token', async () => {
    expect(await call('getForecast', { city: 'Oslo', days: 3 })).toBe('Oslo: 3 days of sun (factory)');
  });

  it('reads the metadata of a useValue provider from the instance', async () => {
    expect(await call('getClock', { zone: 'UTC' })).toBe('12:00 in UTC');
  });

  it('finds the class behind a Proxy, and calls the tool through the proxy', async () => {
    const log = app.get(CallLog);
    expect(await call('getStockPrice', { symbol: 'ACME' })).toBe('ACME: 42');
    expect(log.entries).toContain('proxy:getStockPrice');
  });

  it('sees through a subclassing wrapper: metadata and parameter names from the original class, calls through the wrapper', async () => {
    const log = app.get(CallLog);
    const callback = registry.get('getExchangeRate') as MethodToolCallback;
    expect(callback.source).toBe('CurrencyTools.getExchangeRate');
    expect(callback.getToolDefinition().inputSchema).toMatchObject({
      properties: { from: { type: 'string' }, to: { type: 'string' } },
      required: ['from', 'to'],
    });
    expect(await callback.call('{"from":"EUR","to":"USD"}')).toBe('1 EUR = 2 USD');
    expect(log.entries).toContain('audited:getExchangeRate');
  });

  it('keeps the metadata of methods wrapped by another decorator, above or below @Tool', async () => {
    expect(await call('getHeadlines', { topic: 'tech' })).toBe('headlines about tech');
    expect(await call('getTopStory', { topic: 'tech' })).toBe('top story about tech');
    expect(NewsTools.log).toEqual(['logged:getHeadlines', 'logged:getTopStory']);
  });

  it('discovers @Tool methods of controllers, which still serve their routes', async () => {
    expect(await call('getServiceStatus')).toBe('all systems go');
    await request(app.getHttpServer()).get('/status').expect(200, 'ok');
  });

  it('registers ToolCallbacks that are providers', async () => {
    expect(await call('getTime')).toBe('12:00');
  });

  it('merges static ToolCallbackProviders into the static tools, asking them once', async () => {
    expect(app.get(UnitToolsProvider).calls).toBe(1);
    expect(await call('convertUnits', { km: 10 })).toBe('10 km = 6.214 mi');
    expect(await call('echo')).toBe('echo');
  });

  it('never calls lazy ToolCallbackProviders at bootstrap, and hands them out for the requests that use them', async () => {
    const remote = app.get(RemoteToolsProvider);
    expect(remote.calls).toBe(0);
    expect(optionsLazyProvider.calls).toBe(0);
    expect(registry.getToolCallbackProviders()).toEqual([optionsLazyProvider, remote]);
    expect(registry.get('searchTickets')).toBeUndefined();
    const [searchTickets] = await registry.getToolCallbackProviders()[1].getToolCallbacks();
    expect(await searchTickets.call('{}')).toBe('ticket #1');
    expect(remote.calls).toBe(1);
  });

  describe('resolution', () => {
    let resolver: ToolCallbackResolver;

    beforeAll(() => {
      resolver = app.get<ToolCallbackResolver>(TOOL_CALLBACK_RESOLVER);
    });

    it('is the registry, provided as the default resolver', () => {
      expect(resolver).toBe(registry);
    });

    it('resolves static and discovered tools by name', () => {
      expect(resolver.resolve('echo')).toBe(registry.get('echo'));
      expect(resolver.resolve('getWeather')).toBe(registry.get('getWeather'));
    });

    it('asks the static tools first, then the container', async () => {
      expect(await resolver.resolve('ping')!.call('{}')).toBe('pong from the options');
    });

    it('turns a function registered under a tool name into a tool without input, only when asked for', async () => {
      expect(registry.get('rollDice')).toBeUndefined();
      const rollDice = resolver.resolve('rollDice')!;
      expect(rollDice.getToolDefinition()).toMatchObject({ name: 'rollDice', description: 'roll dice' });
      expect(await rollDice.call('{}')).toBe('4');
      expect(resolver.resolve('rollDice')).toBe(rollDice);
    });

    it('does not turn classes, unknown names or Object.prototype names into tools', () => {
      for (const name of ['NotATool', 'nothing', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        expect(resolver.resolve(name)).toBeUndefined();
        expect(registry.get(name)).toBeUndefined();
      }
    });
  });
});
