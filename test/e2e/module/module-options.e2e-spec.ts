import type { INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  ToolCallbackRegistry,
  ToolCallbackRegistryNotReadyError,
  TOOL_CALLBACK_RESOLVER,
  TOOL_CALLING_MODULE_OPTIONS,
} from 'nestjs-tool-calling';
import {
  FeatureService,
  ForRootAppModule,
  GreetingTools,
  NoDiscoveryAppModule,
  NotGlobalAppModule,
  TooEarlyAppModule,
  UseClassAppModule,
  UseExistingAppModule,
  UseFactoryAppModule,
} from './fixtures/module-options.app';
import { startApp, startupError } from './fixtures/start-app';

const names = (app: INestApplication) =>
  app
    .get(ToolCallbackRegistry)
    .getToolCallbacks()
    .map((callback) => callback.getToolDefinition().name);

async function withApp(rootModule: Type, test: (app: INestApplication) => Promise<void> | void) {
  const app = await startApp(rootModule);
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

describe('ToolCallingModule options', () => {
  it('forRoot() with no options discovers the tools and is global', () =>
    withApp(ForRootAppModule, async (app) => {
      expect(names(app)).toEqual(['greet']);
      const feature = app.get(FeatureService);
      expect(feature.registry).toBe(app.get(ToolCallbackRegistry));
      expect(feature.resolver).toBe(feature.registry);
      expect(await feature.resolver.resolve('greet')!.call('{}')).toBe('hello');
      expect(feature.options).toEqual({});
    }));

  it('forRootAsync({ imports, inject, useFactory }) builds the options from another module', () =>
    withApp(UseFactoryAppModule, async (app) => {
      expect(names(app)).toEqual(['farewell', 'greet']);
      expect(await app.get(ToolCallbackRegistry).get('farewell')!.call('{}')).toBe('goodbye');
      expect(app.get(FeatureService).options.toolCallbacks).toHaveLength(1);
    }));

  it('forRootAsync({ useClass }) builds the options with an options factory', () =>
    withApp(UseClassAppModule, async (app) => {
      expect(names(app)).toEqual(['farewell', 'greet']);
    }));

  it('forRootAsync({ useExisting }) uses an options factory provided elsewhere', () =>
    withApp(UseExistingAppModule, async (app) => {
      expect(names(app)).toEqual(['farewell', 'greet']);
    }));

  it('isGlobal: false keeps the services to the modules that import it', async () => {
    const error = await startupError(NotGlobalAppModule);
    expect(error.message).toMatch(/FeatureService[\s\S]*ToolCallbackRegistry[\s\S]*FeatureModule/);
  });

  it('discovery: false knows only the tools of the options', () =>
    withApp(NoDiscoveryAppModule, async (app) => {
      expect(names(app)).toEqual(['farewell']);
      expect(app.get(ToolCallbackRegistry).resolve('greet')).toBeUndefined();
    }));

  it('exports the options and the default resolver under their tokens', () =>
    withApp(ForRootAppModule, (app) => {
      expect(app.get(TOOL_CALLING_MODULE_OPTIONS)).toEqual({});
      expect(app.get(TOOL_CALLBACK_RESOLVER)).toBe(app.get(ToolCallbackRegistry));
    }));
});

describe('ToolCallbackRegistry before bootstrap', () => {
  const NOT_READY = (method: string) =>
    `ToolCallbackRegistry.${method}() was called before the application bootstrapped: the tools are discovered ` +
    'in onApplicationBootstrap, after every module has been initialised; call it from onApplicationBootstrap or ' +
    'later (in tests: after app.init())';

  it('throws a clear error when used from onModuleInit', async () => {
    const error = await startupError(TooEarlyAppModule);
    expect(error).toBeInstanceOf(ToolCallbackRegistryNotReadyError);
    expect(error.message).toBe(NOT_READY('getToolCallbacks'));
  });

  it('throws a clear error when the application was compiled but not initialised', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ForRootAppModule] }).compile();
    const registry = moduleRef.get(ToolCallbackRegistry);
    expect(registry.isReady).toBe(false);
    expect(() => registry.get('greet')).toThrow(NOT_READY('get'));
    expect(() => registry.resolve('greet')).toThrow(NOT_READY('resolve'));
    expect(() => registry.getToolCallbackProviders()).toThrow(NOT_READY('getToolCallbackProviders'));
    await moduleRef.init();
    expect(registry.isReady).toBe(true);
    expect(registry.get('greet')?.getToolDefinition().name).toBe('greet');
    expect(moduleRef.get(GreetingTools)).toBeInstanceOf(GreetingTools);
    await moduleRef.close();
  });
});
