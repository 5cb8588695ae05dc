import { IsInt, IsString, Max, Min } from 'class-validator';
import { z } from 'zod';
import { ChatClient, StructuredOutputError } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { WeatherTools } from './fixtures';

const Forecast = z.object({ city: z.string(), temperature: z.number() });

class ForecastDto {
  @IsString()
  city!: string;

  @IsInt()
  @Min(-90)
  @Max(60)
  temperature!: number;
}

describe('call().entity()', () => {
  it('parses and validates the answer with a Standard Schema, after telling the model the JSON Schema', async () => {
    const model = new ScriptedChatModel(['{"city":"Paris","temperature":21}']);
    const forecast = await ChatClient.create(model).prompt('Forecast for Paris').call().entity(Forecast);

    expect(forecast).toEqual({ city: 'Paris', temperature: 21 });
    const user = model.lastRequest!.messages.at(-1)!;
    expect(user.role === 'user' && user.content).toBe(
      'Forecast for Paris\n\nYour answer must be a JSON value, and nothing else: no explanation, no Markdown code ' +
        'fence.\nIt must conform to this JSON Schema:\n' +
        '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"city":{"type":"string"},' +
        '"temperature":{"type":"number"}},"required":["city","temperature"],"additionalProperties":false}',
    );
  });

  it('accepts an answer in a Markdown code fence, after tool rounds', async () => {
    const model = new ScriptedChatModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
      '```json\n{"city":"Paris","temperature":25}\n```',
    ]);
    const forecast = await ChatClient.create(model, { tools: [new WeatherTools()] })
      .prompt('Forecast for Paris')
      .call()
      .entity(Forecast);
    expect(forecast).toEqual({ city: 'Paris', temperature: 25 });
  });

  it('says what does not fit the schema', async () => {
    const model = new ScriptedChatModel(['{"city":"Paris","temperature":"warm"}']);
    const entity = ChatClient.create(model).prompt('Forecast').call().entity(Forecast);
    await expect(entity).rejects.toThrow(StructuredOutputError);
    await expect(entity).rejects.toThrow(
      "The model's answer does not fit the zod schema: temperature: Invalid input: expected number, received string. " +
        'The answer was "{\\"city\\":\\"Paris\\",\\"temperature\\":\\"warm\\"}"',
    );
  });

  it('says when the answer is not JSON at all', async () => {
    const model = new ScriptedChatModel(['It will be warm.']);
    const error = await ChatClient.create(model)
      .prompt('Forecast')
      .call()
      .entity(Forecast)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect((error as StructuredOutputError).text).toBe('It will be warm.');
    expect((error as Error).message).toMatch(
      /^The model's answer does not fit the zod schema: the answer is not valid JSON \(.+\)\. The answer was "It will be warm\."$/,
    );
  });

  it('refuses a __proto__ key in the answer', async () => {
    const model = new ScriptedChatModel(['{"city":"Paris","temperature":1,"__proto__":{"admin":true}}']);
    await expect(ChatClient.create(model).prompt('Forecast').call().entity(Forecast)).rejects.toThrow(
      '__proto__: this property name is not allowed',
    );
  });

  it('builds a class-validator instance, and says what fails validation', async () => {
    const model = new ScriptedChatModel([
      '{"city":"Oslo","temperature":-3}',
      '{"city":"Oslo","temperature":99}',
      '[1]',
    ]);
    const chat = ChatClient.create(model);

    const forecast = await chat.prompt('Forecast').call().entity(ForecastDto);
    expect(forecast).toBeInstanceOf(ForecastDto);
    expect(forecast).toEqual(Object.assign(new ForecastDto(), { city: 'Oslo', temperature: -3 }));
    const instructions = model.lastRequest!.messages.at(-1)!;
    expect(instructions.role === 'user' && instructions.content).toContain('"temperature":{"maximum":60');

    await expect(chat.prompt('Forecast').call().entity(ForecastDto)).rejects.toThrow(
      "The model's answer does not fit ForecastDto: temperature: must be <= 60, received 99. " +
        'The answer was "{\\"city\\":\\"Oslo\\",\\"temperature\\":99}"',
    );
    await expect(chat.prompt('Forecast').call().entity(ForecastDto)).rejects.toThrow(
      'The model\'s answer does not fit ForecastDto: expected a JSON object, received [1]. The answer was "[1]"',
    );
  });

  it('adds the instructions as the user message when the request has none', async () => {
    const model = new ScriptedChatModel(['{"city":"Rome","temperature":30}']);
    await ChatClient.create(model, { system: 'Forecasts only.' }).prompt().call().entity(Forecast);
    expect(model.lastRequest!.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });
});
