import {
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Logger } from '@nestjs/common';
import {
  InvalidToolInputError,
  MethodToolCallback,
  MissingToolContextKeyError,
  Tool,
  ToolContext,
  ToolContextParam,
  ToolDefinitionError,
  ToolExecutionError,
  ToolInput,
  ToolParam,
} from 'nestjs-tool-calling';

enum Unit {
  Celsius = 'C',
  Fahrenheit = 'F',
}

class WeatherTools {
  calls: unknown[][] = [];

  @Tool({ description: 'Current weather of a city' })
  getWeather(
    @ToolParam({ description: 'City name' }) city: string,
    @ToolParam({ enum: Unit, required: false }) unit?: Unit,
  ): string {
    this.calls.push([city, unit]);
    return `${city}: 21°${unit ?? 'C'}`;
  }

  @Tool()
  async getForecast(
    @ToolParam() city: string,
    @ToolParam({ type: [Number] }) days: number[],
  ): Promise<object> {
    return { city, days };
  }

  @Tool()
  recordVisit(@ToolParam() city: string, context: ToolContext<{ tenantId: string }>): string {
    return `${context.require('tenantId')}:${city}`;
  }

  @Tool()
  whoAmI(@ToolContextParam() context: ToolContext): string {
    return `keys=${context.keys().length}`;
  }

  @Tool()
  fail(@ToolParam() reason: string): never {
    throw new RangeError(`cannot do it: ${reason}`);
  }

  @Tool()
  async failLater(): Promise<never> {
    await Promise.resolve();
    throw new Error('rejected later');
  }

  @Tool()
  nothing(): void {
    return undefined;
  }

  @Tool()
  at(@ToolParam() when: Date): string {
    return `${when instanceof Date}:${when.toISOString()}`;
  }
}

class Address {
  @IsString()
  city!: string;

  @IsOptional()
  @IsString()
  zip?: string;
}

class BookingRequest {
  @IsString()
  @ToolParam({ description: 'Guest name' })
  guest!: string;

  @IsInt()
  @Min(1)
  @Max(10)
  nights!: number;

  @ValidateNested()
  @Type(() => Address)
  address!: Address;
}

class BookingTools {
  @Tool({ description: 'Book a room' })
  book(request: BookingRequest, context: ToolContext): string {
    return `${request instanceof BookingRequest}:${request.guest}:${request.nights}:${request.address.city}:${context.isEmpty}`;
  }

  @Tool()
  bookExplicit(@ToolInput(BookingRequest) request: BookingRequest): string {
    return request.guest;
  }
}

const weather = new WeatherTools();
const callback = (name: keyof WeatherTools) => MethodToolCallback.from(weather, name);

describe('MethodToolCallback', () => {
  describe('definition', () => {
    it('builds the whole JSON Schema from @ToolParam parameters, required unless marked optional', () => {
      expect(callback('getWeather').getToolDefinition()).toEqual({
        name: 'getWeather',
        description: 'Current weather of a city',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name' },
            unit: { type: 'string', enum: ['C', 'F'] },
          },
          required: ['city'],
          additionalProperties: false,
        },
      });
      expect(callback('getWeather').getToolMetadata()).toEqual({ returnDirect: false });
    });

    it('defaults the description to the name split at camel case', () => {
      expect(callback('getForecast').getToolDefinition().description).toBe('get forecast');
    });

    it('gives arrays their item type and a method without parameters an empty object schema', () => {
      expect(callback('getForecast').getToolDefinition().inputSchema.properties).toEqual({
        city: { type: 'string' },
        days: { type: 'array', items: { type: 'number' } },
      });
      expect(callback('nothing').getToolDefinition().inputSchema).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      });
    });

    it('keeps ToolContext parameters, by type or by decorator, out of the schema', () => {
      expect(callback('recordVisit').getToolDefinition().inputSchema).toMatchObject({
        properties: { city: { type: 'string' } },
        required: ['city'],
      });
      expect(callback('whoAmI').getToolDefinition().inputSchema.properties).toEqual({});
    });

    it('removes format from the model schema and names it in the description', () => {
      expect(callback('at').getToolDefinition().inputSchema.properties).toEqual({
        when: { type: 'string', description: '(format: date-time)' },
      });
    });

    it('keeps format when asked', () => {
      class Keep {
        @Tool({ keepFormat: true })
        at(@ToolParam() when: Date) {
          return when;
        }
      }
      expect(MethodToolCallback.from(new Keep(), 'at').getToolDefinition().inputSchema.properties).toEqual({
        when: { type: 'string', format: 'date-time' },
      });
    });

    it('freezes the definition so that nobody changes the cached schema', () => {
      const definition = callback('getWeather').getToolDefinition();
      expect(Object.isFrozen(definition.inputSchema)).toBe(true);
      expect(Object.isFrozen((definition.inputSchema as any).properties.city)).toBe(true);
    });

    it('builds the schema of a DTO parameter from its class-validator decorators, nested classes inlined', () => {
      const book = MethodToolCallback.from(new BookingTools(), 'book');
      expect(book.getToolDefinition().inputSchema).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          guest: { type: 'string', description: 'Guest name' },
          nights: { type: 'integer', minimum: 1, maximum: 10 },
          address: {
            type: 'object',
            properties: { city: { type: 'string' }, zip: { type: 'string' } },
            required: ['city'],
            additionalProperties: false,
          },
        },
        required: ['guest', 'nights', 'address'],
        additionalProperties: false,
      });
    });

    it('reads metadata through a Proxy and from a subclass instance', async () => {
      const proxied = new Proxy(new WeatherTools(), {});
      const fromProxy = MethodToolCallback.from(proxied, 'getWeather');
      expect(fromProxy.getToolDefinition().name).toBe('getWeather');
      await expect(fromProxy.call('{"city":"Paris"}')).resolves.toBe('Paris: 21°C');

      class LoudWeatherTools extends WeatherTools {
        override getWeather(city: string, unit?: Unit): string {
          return super.getWeather(city, unit).toUpperCase();
        }
      }
      const fromSubclass = MethodToolCallback.from(new LoudWeatherTools(), 'getWeather');
      expect(fromSubclass.getToolDefinition().description).toBe('Current weather of a city');
      await expect(fromSubclass.call('{"city":"Rome"}')).resolves.toBe('ROME: 21°C');
    });

    it('calls the method through the Proxy, so that its traps see the call', async () => {
      const seen: string[] = [];
      const proxied = new Proxy(new WeatherTools(), {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value === 'function' && typeof key === 'string') seen.push(key);
          return value;
        },
      });
      await MethodToolCallback.from(proxied, 'getWeather').call('{"city":"Oslo"}');
      expect(seen).toContain('getWeather');
    });
  });

  describe('definition errors', () => {
    it('fails when a parameter name cannot be known, naming Class.method and the position', () => {
      class Erased {
        @Tool()
        find({ id }: { id: string }) {
          return id;
        }
      }
      const create = () => MethodToolCallback.from(new Erased(), 'find');
      expect(create).toThrow(ToolDefinitionError);
      expect(create).toThrow(
        /Erased\.find: the name of parameter #0 cannot be known for sure; name it with @ToolParam/,
      );
    });

    it('reads simple parameter names from the method source when @ToolParam gives none', () => {
      class Plain {
        @Tool()
        add(@ToolParam() left: number, @ToolParam() right: number = 1) {
          return left + right;
        }
      }
      const add = MethodToolCallback.from(new Plain(), 'add');
      expect(Object.keys(add.getToolDefinition().inputSchema.properties as object)).toEqual([
        'left',
        'right',
      ]);
    });

    it('fails when a parameter type is not visible at runtime', () => {
      interface Shape {
        kind: string;
      }
      class Untyped {
        @Tool()
        draw(@ToolParam({ name: 'shape' }) shape: Shape) {
          return shape.kind;
        }
      }
      expect(() => MethodToolCallback.from(new Untyped(), 'draw')).toThrow(
        /Untyped\.draw: the type of parameter #0 "shape" is not known at runtime/,
      );
    });

    it('fails for an array parameter without an item type', () => {
      class Arrays {
        @Tool()
        sum(@ToolParam() values: number[]) {
          return values.length;
        }
      }
      expect(() => MethodToolCallback.from(new Arrays(), 'sum')).toThrow(
        /Arrays\.sum: parameter #0 "values" is an array whose item type is not known at runtime/,
      );
    });

    it('refuses invalid tool names', () => {
      class BadName {
        @Tool({ name: 'get weather!' })
        weather() {
          return 'sunny';
        }
      }
      expect(() => MethodToolCallback.from(new BadName(), 'weather')).toThrow(
        'BadName.weather: invalid tool name "get weather!": a tool name must match ^[a-zA-Z0-9_-]{1,64}$',
      );
      class TooLong {
        @Tool({ name: 'x'.repeat(65) })
        weather() {
          return 'sunny';
        }
      }
      expect(() => MethodToolCallback.from(new TooLong(), 'weather')).toThrow(ToolDefinitionError);
    });

    it('refuses a DTO class without class-validator decorators', () => {
      class Bare {
        city!: string;
      }
      class UsesBare {
        @Tool()
        go(input: Bare) {
          return input.city;
        }
      }
      expect(() => MethodToolCallback.from(new UsesBare(), 'go')).toThrow(
        /UsesBare\.go: the input class Bare has no class-validator decorators/,
      );
    });

    it('refuses a DTO beside other input parameters, and two context parameters', () => {
      class Mixed {
        @Tool()
        go(@ToolInput() input: BookingRequest, @ToolParam() extra: string) {
          return input.guest + extra;
        }

        @Tool()
        twice(a: ToolContext, @ToolContextParam() b: ToolContext) {
          return a === b;
        }
      }
      expect(() => MethodToolCallback.from(new Mixed(), 'go')).toThrow(
        /Mixed\.go: parameter #0 is the input DTO/,
      );
      expect(() => MethodToolCallback.from(new Mixed(), 'twice')).toThrow(
        /Mixed\.twice: only one parameter can receive the ToolContext/,
      );
    });

    it('refuses a method that is not a @Tool', () => {
      expect(() => MethodToolCallback.from(weather, 'calls')).toThrow(
        'WeatherTools.calls is not a method decorated with @Tool()',
      );
    });
  });

  describe('call', () => {
    it('parses, validates, binds and invokes; a string result is returned as is', async () => {
      const tools = new WeatherTools();
      await expect(
        MethodToolCallback.from(tools, 'getWeather').call('{"city":"Paris","unit":"F"}'),
      ).resolves.toBe('Paris: 21°F');
      expect(tools.calls).toEqual([['Paris', 'F']]);
    });

    it('awaits promises and converts objects to JSON', async () => {
      await expect(callback('getForecast').call('{"city":"Rome","days":[1,2]}')).resolves.toBe(
        '{"city":"Rome","days":[1,2]}',
      );
    });

    it('treats blank input as {} and answers "Done" for void', async () => {
      await expect(callback('nothing').call('')).resolves.toBe('Done');
      await expect(callback('nothing').call('   ')).resolves.toBe('Done');
    });

    it('converts date-time strings into Date arguments', async () => {
      await expect(callback('at').call('{"when":"2026-11-29T10:00:00Z"}')).resolves.toBe(
        'true:2026-11-29T10:00:00.000Z',
      );
      await expect(callback('at').call('{"when":"yesterday"}')).rejects.toThrow(
        'Invalid arguments for tool "at": when: must match format "date-time", received "yesterday"',
      );
    });

    it('injects the ToolContext, and an empty one when none was given', async () => {
      await expect(
        callback('recordVisit').call('{"city":"Oslo"}', ToolContext.of({ tenantId: 't1' })),
      ).resolves.toBe('t1:Oslo');
      await expect(callback('whoAmI').call('{}')).resolves.toBe('keys=0');
    });

    it('says which key and which tool when a required context value is missing', async () => {
      const error = await callback('recordVisit')
        .call('{"city":"Oslo"}')
        .catch((e) => e);
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect(error.cause).toBeInstanceOf(MissingToolContextKeyError);
      expect(error.message).toBe(
        'the tool context has no value for "tenantId", which tool "recordVisit" requires; pass it with .toolContext({ ... })',
      );
    });

    it('logs once that a context given to a tool without a context parameter is ignored', async () => {
      const log = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
      try {
        const getWeather = callback('getWeather');
        const context = ToolContext.of({ secret: 'do-not-log' });
        await getWeather.call('{"city":"Paris"}', context);
        await getWeather.call('{"city":"Paris"}', context);
        await getWeather.call('{"city":"Paris"}', ToolContext.empty());
        expect(log).toHaveBeenCalledTimes(1);
        expect(log).toHaveBeenCalledWith(
          'tool "getWeather" does not take a ToolContext; the context given to it is ignored',
        );
        expect(JSON.stringify(log.mock.calls)).not.toContain('do-not-log');
      } finally {
        log.mockRestore();
      }
    });

    it('validates DTO input with class-validator and passes the DTO instance', async () => {
      const book = MethodToolCallback.from(new BookingTools(), 'book');
      await expect(book.call('{"guest":"Ada","nights":2,"address":{"city":"Paris"}}')).resolves.toBe(
        'true:Ada:2:Paris:true',
      );
      const error = await book.call('{"guest":42,"nights":0,"address":{},"pets":true}').catch((e) => e);
      expect(error).toBeInstanceOf(InvalidToolInputError);
      expect(error.toolName).toBe('book');
      expect(error.issues).toEqual([
        { path: 'pets', message: 'is not an accepted property (accepted: guest, nights, address)' },
        { path: 'guest', message: 'must be string, received integer 42' },
        { path: 'nights', message: 'must be >= 1, received 0' },
        { path: 'address.city', message: 'is required but missing' },
      ]);
      expect(error.message).toMatch(/^Invalid arguments for tool "book": pets: is not an accepted property /);
      expect(error.message).toMatch(/Correct the arguments and call the tool again\.$/);
    });

    it('still applies class-validator constraints that the JSON Schema cannot express', async () => {
      @ValidatorConstraint({ name: 'notOnSunday' })
      class NotOnSunday implements ValidatorConstraintInterface {
        validate(value: string) {
          return new Date(value).getUTCDay() !== 0;
        }
        defaultMessage() {
          return 'day must not be a Sunday';
        }
      }
      class Visit {
        @IsString()
        @Validate(NotOnSunday)
        day!: string;
      }
      class VisitTools {
        @Tool()
        visit(input: Visit) {
          return input.day;
        }
      }
      const visit = MethodToolCallback.from(new VisitTools(), 'visit');
      await expect(visit.call('{"day":"2026-11-30"}')).resolves.toBe('2026-11-30');
      await expect(visit.call('{"day":"2026-11-29"}')).rejects.toThrow(
        'Invalid arguments for tool "visit": day: day must not be a Sunday; received "2026-11-29".',
      );
    });

    it('accepts a DTO named explicitly with @ToolInput', async () => {
      const book = MethodToolCallback.from(new BookingTools(), 'bookExplicit');
      await expect(book.call('{"guest":"Grace","nights":1,"address":{"city":"Rome"}}')).resolves.toBe(
        'Grace',
      );
    });
  });

  describe('invalid input (what the model is told)', () => {
    const getWeather = callback('getWeather');
    const failure = (input: string): Promise<InvalidToolInputError> =>
      getWeather.call(input).then(
        () => Promise.reject(new Error('expected a failure')),
        (e: InvalidToolInputError) => e,
      );

    it('invalid JSON', async () => {
      const error = await failure('{"city": Paris}');
      expect(error).toBeInstanceOf(InvalidToolInputError);
      expect(error.message).toMatch(
        /^Invalid arguments for tool "getWeather": the arguments are not valid JSON \(/,
      );
    });

    it('JSON that is not an object', async () => {
      expect((await failure('["Paris"]')).message).toBe(
        'Invalid arguments for tool "getWeather": the arguments must be a JSON object, received array. Correct the arguments and call the tool again.',
      );
    });

    it('a missing required argument', async () => {
      expect((await failure('{}')).issues).toEqual([{ path: 'city', message: 'is required but missing' }]);
    });

    it('a wrong type, with what was expected and what was received', async () => {
      expect((await failure('{"city":42}')).issues).toEqual([
        { path: 'city', message: 'must be string, received integer 42' },
      ]);
    });

    it('a value outside the enum', async () => {
      expect((await failure('{"city":"Paris","unit":"K"}')).issues).toEqual([
        { path: 'unit', message: 'must be one of "C", "F", received "K"' },
      ]);
    });

    it('an unexpected property, listing the accepted ones', async () => {
      expect((await failure('{"city":"Paris","country":"FR"}')).issues).toEqual([
        { path: 'country', message: 'is not an accepted property (accepted: city, unit)' },
      ]);
    });

    it('a __proto__ key at any depth', async () => {
      expect((await failure('{"city":"Paris","x":{"__proto__":{"polluted":true}}}')).issues).toEqual([
        { path: 'x.__proto__', message: 'this property name is not allowed' },
      ]);
      expect(({} as any).polluted).toBeUndefined();
    });

    it('a name the model sends that exists on Object.prototype is not an argument', async () => {
      class Ctor {
        @Tool()
        echo(@ToolParam({ required: false, type: String }) constructor?: string) {
          return typeof constructor;
        }
      }
      await expect(MethodToolCallback.from(new Ctor(), 'echo').call('{}')).resolves.toBe('undefined');
    });
  });

  describe('failures of the method', () => {
    it('wraps a thrown error in ToolExecutionError with the original message, cause and definition', async () => {
      const error = await callback('fail')
        .call('{"reason":"closed"}')
        .catch((e) => e);
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect(error.name).toBe('ToolExecutionError');
      expect(error.message).toBe('cannot do it: closed');
      expect(error.cause).toBeInstanceOf(RangeError);
      expect(error.toolDefinition.name).toBe('fail');
    });

    it('wraps a rejection the same way', async () => {
      const error = await callback('failLater')
        .call('{}')
        .catch((e) => e);
      expect(error).toBeInstanceOf(ToolExecutionError);
      expect(error.message).toBe('rejected later');
    });
  });
});

describe('parameter names behind a wrapping decorator', () => {
  const Wrapped = (): MethodDecorator => (_target, _key, descriptor: PropertyDescriptor) => {
    const original = descriptor.value;
    descriptor.value = function (...args: unknown[]) {
      return original.apply(this, args);
    };
  };

  it('does not take a rest parameter for an argument name', () => {
    class WrappedTools {
      @Tool()
      @Wrapped()
      echo(@ToolParam() text: string) {
        return text;
      }
    }
    expect(() => MethodToolCallback.from(new WrappedTools(), 'echo')).toThrow(
      'WrappedTools.echo: the name of parameter #0 cannot be known for sure; name it with @ToolParam',
    );
  });

  it('works when the name is given', async () => {
    class WrappedTools {
      @Tool()
      @Wrapped()
      echo(@ToolParam({ name: 'text' }) text: string) {
        return text;
      }
    }
    await expect(MethodToolCallback.from(new WrappedTools(), 'echo').call('{"text":"hi"}')).resolves.toBe(
      'hi',
    );
  });
});

describe('null for an optional argument (what models in strict mode send)', () => {
  it('is taken as an absent argument, while null for a required one is still refused', async () => {
    const tools = new WeatherTools();
    await expect(
      MethodToolCallback.from(tools, 'getWeather').call('{"city":"Paris","unit":null}'),
    ).resolves.toBe('Paris: 21°C');
    await expect(MethodToolCallback.from(tools, 'getWeather').call('{"city":null}')).rejects.toThrow(
      'Invalid arguments for tool "getWeather": city: must be string, received null.',
    );
  });
});
