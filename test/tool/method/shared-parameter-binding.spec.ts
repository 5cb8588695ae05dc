import {
  InvalidToolInputError,
  MethodToolCallback,
  Tool,
  ToolDefinitionError,
  ToolParam,
  toModelSchema,
} from 'nestjs-tool-calling';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

class Weather {
  @Tool({ description: 'Weather of a city' })
  weather(@ToolParam({ name: 'city', description: 'City name' }) city: string): string {
    return `sunny in ${city}`;
  }
}

class Traffic {
  @Tool({ description: 'Traffic of a city' })
  traffic(@ToolParam({ name: 'city', description: 'City name' }) city: string): string {
    return `jams in ${city}`;
  }

  @Tool()
  trafficNear(@ToolParam({ name: 'city', description: 'The city' }) city: string): string {
    return `jams near ${city}`;
  }

  @Tool({ keepFormat: true })
  trafficOn(@ToolParam({ name: 'day', description: 'Which day' }) day: Date): string {
    return `jams on ${day.toISOString()}`;
  }
}

class Calendar {
  @Tool()
  eventsOn(@ToolParam({ name: 'day', description: 'Which day' }) day: Date): string {
    return `no events on ${day.toISOString()}`;
  }

  @Tool()
  eventsFrom(@ToolParam({ name: 'day', description: 'Which day' }) day: Date): string {
    return `no events from ${day.toISOString()}`;
  }
}

const schemaOf = (callback: MethodToolCallback) => callback.getToolDefinition().inputSchema;

describe('tools that declare the same parameters', () => {
  const weather = MethodToolCallback.from(new Weather(), 'weather');
  const traffic = MethodToolCallback.from(new Traffic(), 'traffic');
  const near = MethodToolCallback.from(new Traffic(), 'trafficNear');

  it('share one frozen model schema, the same as a schema of their own would be', () => {
    const expected = {
      $schema: DRAFT,
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
      additionalProperties: false,
    };
    expect(schemaOf(weather)).toBe(schemaOf(traffic));
    expect(schemaOf(weather)).toStrictEqual(expected);
    expect(JSON.stringify(schemaOf(weather))).toBe(JSON.stringify(toModelSchema(expected)));
    expect(Object.isFrozen(schemaOf(weather).properties)).toBe(true);
    expect(() => {
      (schemaOf(weather).properties as Record<string, unknown>).city = {};
    }).toThrow(TypeError);
  });

  it('keep their own names, descriptions and calls', async () => {
    expect(weather.getToolDefinition()).toMatchObject({ name: 'weather', description: 'Weather of a city' });
    expect(traffic.getToolDefinition()).toMatchObject({ name: 'traffic', description: 'Traffic of a city' });
    await expect(weather.call('{"city":"Oslo"}')).resolves.toBe('sunny in Oslo');
    await expect(traffic.call('{"city":"Oslo"}')).resolves.toBe('jams in Oslo');
  });

  it('name their own tool when the input is refused', async () => {
    await expect(weather.call('{"town":"Oslo"}')).rejects.toThrow(InvalidToolInputError);
    await expect(weather.call('{"town":"Oslo"}')).rejects.toThrow(/weather/);
    await expect(traffic.call('{}')).rejects.toThrow(/traffic/);
    await expect(traffic.call('{}')).rejects.not.toThrow(/weather/);
  });

  it('do not share with a parameter described otherwise', () => {
    expect(schemaOf(near)).not.toBe(schemaOf(traffic));
    expect(schemaOf(near).properties).toStrictEqual({ city: { type: 'string', description: 'The city' } });
  });

  it('share a date parameter, its format in the description unless kept', async () => {
    const on = MethodToolCallback.from(new Calendar(), 'eventsOn');
    const from = MethodToolCallback.from(new Calendar(), 'eventsFrom');
    const kept = MethodToolCallback.from(new Traffic(), 'trafficOn');
    expect(schemaOf(on)).toBe(schemaOf(from));
    expect(schemaOf(on).properties).toStrictEqual({
      day: { type: 'string', description: 'Which day (format: date-time)' },
    });
    expect(schemaOf(kept).properties).toStrictEqual({
      day: { type: 'string', format: 'date-time', description: 'Which day' },
    });
    await expect(on.call('{"day":"2026-01-02T03:04:05.000Z"}')).resolves.toBe(
      'no events on 2026-01-02T03:04:05.000Z',
    );
    await expect(from.call('{"day":"not a date"}')).rejects.toThrow(/eventsFrom/);
  });
});

describe('a tool whose parameters are wrong', () => {
  it('is refused for its first wrong parameter, whichever kind of problem the others have', () => {
    class Broken {
      @Tool()
      broken(
        @ToolParam({ name: 'a' }) a: string,
        @ToolParam({ name: 'b', type: Object }) b: unknown,
        @ToolParam({ name: 'a' }) again: string,
      ): string {
        return `${a}${String(b)}${again}`;
      }
    }
    const make = () => MethodToolCallback.from(new Broken(), 'broken');
    expect(make).toThrow(ToolDefinitionError);
    expect(make).toThrow('Broken.broken: the type of parameter #1 "b" is not known at runtime');
  });
});
