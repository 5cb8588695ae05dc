import { Injectable, Module } from '@nestjs/common';
import {
  ChatClient,
  MethodToolCallback,
  Tool,
  ToolCallbackRegistry,
  ToolCallingModule,
  ToolParam,
  type ToolResponse,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { startApp } from './fixtures/start-app';

/** Only static tools: before, "has no @Tool() methods" or silently nothing. */
@Injectable()
class MathTools {
  static calls = 0;

  @Tool({ description: 'Add two numbers' })
  static add(@ToolParam() a: number, @ToolParam() b: number): number {
    MathTools.calls++;
    return a + b;
  }
}

@Injectable()
class UnitTools {
  private readonly factor = 1.609;

  @Tool({ description: 'Miles to kilometres' })
  toKm(@ToolParam() miles: number): number {
    return miles * this.factor;
  }

  @Tool({ description: 'The unit system' })
  static system(): string {
    return this === UnitTools ? 'metric, called on UnitTools' : 'called on something else';
  }
}

/** Inherits MathTools.add, and is provided next to it: still one tool, not a duplicate name. */
@Injectable()
class MoreMathTools extends MathTools {}

@Module({ providers: [MathTools, UnitTools] })
class UnitsModule {}

@Module({ imports: [ToolCallingModule.forRoot(), UnitsModule], providers: [MoreMathTools, MathTools] })
class StaticToolsAppModule {}

describe('static @Tool methods', () => {
  it('are discovered at bootstrap and called on the class that declares them, each tool once', async () => {
    const app = await startApp(StaticToolsAppModule);
    try {
      const registry = app.get(ToolCallbackRegistry);
      const names = registry.getToolCallbacks().map((callback) => callback.getToolDefinition().name);
      expect(names.sort()).toEqual(['add', 'system', 'toKm']);
      await expect(registry.get('add')!.call('{"a":2,"b":3}')).resolves.toBe('5');
      expect(MathTools.calls).toBe(1);
      await expect(registry.get('system')!.call('{}')).resolves.toBe('metric, called on UnitTools');
    } finally {
      await app.close();
    }
  });

  it('have a schema like instance methods', () => {
    expect(MethodToolCallback.from(MathTools, 'add').getToolDefinition()).toEqual({
      name: 'add',
      description: 'Add two numbers',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
  });

  it('come with an instance given to .tools(), and a class with only static tools can be given itself', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'toKm', arguments: '{"miles":10}' },
          { name: 'system' },
          { name: 'add', arguments: '{"a":1,"b":1}' },
        ],
      },
      'done',
    ]);
    await ChatClient.create(model).prompt('go').tools(new UnitTools(), MathTools).call().content();
    expect(model.requests[0].tools?.map((tool) => tool.name)).toEqual(['toKm', 'system', 'add']);
    const message = model.requests[1].messages.find((m) => m.role === 'tool');
    expect((message as { responses: readonly ToolResponse[] }).responses.map((r) => r.result)).toEqual([
      '16.09',
      'metric, called on UnitTools',
      '2',
    ]);
  });
});
