import { Module, type Provider } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Tool, ToolCallbackRegistry, ToolCallingModule, ToolParam } from 'nestjs-tool-calling';
import { ToolMetadataAccessor } from '../../../lib/tool/decorators/tool-metadata.accessor';
import { startApp } from './fixtures/start-app';

/** A class without tools but with many methods, provided many times. */
class Helper {
  a() {}
  b() {}
  c() {}
  d() {}
}

/** A class with tools, one per generated name, so that each generated class has its own tool names. */
function toolClass(index: number): Function {
  class Generated {
    lookup(id: string) {
      return `${index}:${id}`;
    }
  }
  ToolParam({ name: 'id', type: String })(Generated.prototype, 'lookup', 0);
  Tool({ name: `lookup${index}` })(
    Generated.prototype,
    'lookup',
    Object.getOwnPropertyDescriptor(Generated.prototype, 'lookup')!,
  );
  return Generated;
}

const TOOL_CLASSES = 40;
const HELPERS = 300;

const providers: Provider[] = [
  ...Array.from({ length: TOOL_CLASSES }, (_, i) => ({
    provide: `tools${i}`,
    useValue: new (toolClass(i) as any)(),
  })),
  ...Array.from({ length: HELPERS }, (_, i) => ({ provide: `helper${i}`, useValue: new Helper() })),
];

@Module({ imports: [ToolCallingModule.forRoot()], providers })
class ManyProvidersAppModule {}

describe('Discovery cost', () => {
  afterEach(() => jest.restoreAllMocks());

  it('walks the container once and reads each class once, however many providers share it', async () => {
    const getProviders = jest.spyOn(DiscoveryService.prototype, 'getProviders');
    const getControllers = jest.spyOn(DiscoveryService.prototype, 'getControllers');
    const getToolMethodNames = jest.spyOn(ToolMetadataAccessor, 'getToolMethodNames');
    const app = await startApp(ManyProvidersAppModule);
    try {
      expect(app.get(ToolCallbackRegistry).getToolCallbacks()).toHaveLength(TOOL_CLASSES);
      expect(getProviders).toHaveBeenCalledTimes(1);
      expect(getControllers).toHaveBeenCalledTimes(1);
      const classes = getToolMethodNames.mock.calls.map(([type]) => type);
      expect(new Set(classes).size).toBe(classes.length);
      expect(classes.filter((type) => type === Helper)).toHaveLength(1);
      expect(await app.get(ToolCallbackRegistry).get('lookup7')!.call('{"id":"x"}')).toBe('7:x');
    } finally {
      await app.close();
    }
  });
});
