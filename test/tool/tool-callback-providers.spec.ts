import {
  DuplicateToolNameError,
  FunctionToolCallback,
  MethodToolCallbackProvider,
  StaticToolCallbackProvider,
  Tool,
  ToolDefinitionError,
  ToolParam,
} from 'nestjs-tool-calling';

class WeatherTools {
  @Tool()
  getWeather(@ToolParam() city: string) {
    return city;
  }

  @Tool()
  getAirQuality(@ToolParam() city: string) {
    return city;
  }
}

class OtherWeatherTools {
  @Tool({ name: 'getWeather' })
  weatherElsewhere(@ToolParam() city: string) {
    return city;
  }

  @Tool({ name: 'getAirQuality' })
  air(@ToolParam() city: string) {
    return city;
  }
}

class NoTools {
  helper() {
    return 1;
  }
}

describe('MethodToolCallbackProvider', () => {
  it('makes a callback for every @Tool method, inherited ones included', async () => {
    class MoreWeatherTools extends WeatherTools {
      @Tool()
      getUvIndex(@ToolParam() city: string) {
        return `${city}: 3`;
      }
    }
    const provider = MethodToolCallbackProvider.from(new MoreWeatherTools());
    const names = provider.getToolCallbacks().map((c) => c.getToolDefinition().name);
    expect(names.sort()).toEqual(['getAirQuality', 'getUvIndex', 'getWeather']);
    expect(provider.isStatic).toBe(true);
  });

  it('refuses an object without @Tool methods', () => {
    expect(() => MethodToolCallbackProvider.from(new WeatherTools(), new NoTools())).toThrow(
      ToolDefinitionError,
    );
    expect(() => MethodToolCallbackProvider.from(new NoTools())).toThrow(
      'NoTools has no @Tool() methods; pass objects whose class declares tools',
    );
  });

  it('refuses duplicate names, listing every Class.method involved', () => {
    const create = () => MethodToolCallbackProvider.from(new WeatherTools(), new OtherWeatherTools());
    expect(create).toThrow(DuplicateToolNameError);
    expect(create).toThrow(
      'duplicate tool names: "getWeather" is defined by WeatherTools.getWeather, OtherWeatherTools.weatherElsewhere; ' +
        '"getAirQuality" is defined by WeatherTools.getAirQuality, OtherWeatherTools.air',
    );
  });
});

describe('StaticToolCallbackProvider', () => {
  it('returns its callbacks and refuses duplicates', () => {
    const ping = FunctionToolCallback.from({ name: 'ping', fn: () => 'pong' });
    expect(new StaticToolCallbackProvider([ping]).getToolCallbacks()).toEqual([ping]);
    const error = (() => {
      try {
        new StaticToolCallbackProvider([ping, FunctionToolCallback.from({ name: 'ping', fn: () => 'PONG' })]);
      } catch (e) {
        return e as DuplicateToolNameError;
      }
    })();
    expect(error).toBeInstanceOf(DuplicateToolNameError);
    expect([...error!.duplicates.keys()]).toEqual(['ping']);
  });
});
