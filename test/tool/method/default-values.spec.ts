import {
  ChatClient,
  MethodToolCallbackProvider,
  Tool,
  ToolParam,
  type ToolCallback,
} from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

class WeatherTools {
  @Tool({ description: 'Current weather' })
  weather(@ToolParam({ description: 'City' }) city: string, @ToolParam() unit: string = 'C'): string {
    return `${city}: 21°${unit}`;
  }

  @Tool()
  plain(city: string, days: number = 3, /* a comment = not a default */ verbose: boolean): string {
    return `${city} ${days} ${verbose}`;
  }

  @Tool()
  named(@ToolParam({ name: 'scale' }) unit: string = 'C'): string {
    return unit;
  }

  @Tool()
  insisted(@ToolParam({ required: true }) unit: string = 'C'): string {
    return unit;
  }
}

function tools(): Map<string, ToolCallback> {
  const callbacks = MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();
  return new Map(callbacks.map((callback) => [callback.getToolDefinition().name, callback]));
}

describe('a parameter with a default value', () => {
  it('is optional in the schema; a parameter after it without one stays required', () => {
    const all = tools();
    expect(all.get('weather')!.getToolDefinition().inputSchema).toMatchObject({
      properties: { city: { type: 'string', description: 'City' }, unit: { type: 'string' } },
      required: ['city'],
    });
    expect(all.get('plain')!.getToolDefinition().inputSchema).toMatchObject({
      required: ['city', 'verbose'],
    });
    expect(all.get('named')!.getToolDefinition().inputSchema).toMatchObject({
      properties: { scale: { type: 'string' } },
      required: [],
    });
  });

  it('stays required when @ToolParam says so', () => {
    expect(tools().get('insisted')!.getToolDefinition().inputSchema).toMatchObject({ required: ['unit'] });
  });

  it('takes its default when the model leaves it out or sends null (strict mode)', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'weather', arguments: { city: 'Paris' } },
          { name: 'weather', arguments: { city: 'Oslo', unit: null } },
          { name: 'weather', arguments: { city: 'Rome', unit: 'F' } },
        ],
      },
      'done',
    ]);
    await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('go')
      .call()
      .content();
    const message = model.requests[1].messages.find((m) => m.role === 'tool') as {
      responses: ReadonlyArray<{ result: string; isError: boolean }>;
    };
    expect(message.responses.map((r) => r.result)).toEqual(['Paris: 21°C', 'Oslo: 21°C', 'Rome: 21°F']);
  });
});
