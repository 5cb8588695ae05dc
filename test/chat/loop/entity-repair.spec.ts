import { z } from 'zod';
import { IsInt, IsString } from 'class-validator';
import { ChatClient, StructuredOutputError, ToolCallingOptionsError } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';

const Forecast = z.object({ city: z.string(), temperature: z.number() });

class ForecastDto {
  @IsString()
  city!: string;

  @IsInt()
  temperature!: number;
}

describe('entity() repair', () => {
  it('sends the validation errors back and returns the repaired answer of the second attempt', async () => {
    const model = new ScriptedChatModel([
      '{"city":"Paris","temperature":"warm"}',
      '{"city":"Paris","temperature":21}',
    ]);
    const forecast = await ChatClient.create(model)
      .prompt('Forecast for Paris')
      .call()
      .entity(Forecast, { maxRepairAttempts: 2 });

    expect(forecast).toEqual({ city: 'Paris', temperature: 21 });
    expect(model.requests).toHaveLength(2);
    const second = model.requests[1].messages;
    expect(second.at(-2)).toEqual({
      role: 'assistant',
      content: '{"city":"Paris","temperature":"warm"}',
      toolCalls: [],
    });
    expect(second.at(-1)).toEqual({
      role: 'user',
      content:
        'Your answer does not fit the zod schema:\n- temperature: Invalid input: expected number, received string\n' +
        'Answer again with the corrected JSON value only, following the format given earlier.',
    });
  });

  it('repairs a class-validator entity, and an answer that is not JSON at all', async () => {
    const model = new ScriptedChatModel(['Sure! It is 21 degrees.', '{"city":"Paris","temperature":21}']);
    const forecast = await ChatClient.create(model)
      .prompt('Forecast')
      .call()
      .entity(ForecastDto, { maxRepairAttempts: 1 });
    expect(forecast).toBeInstanceOf(ForecastDto);
    expect(forecast).toEqual({ city: 'Paris', temperature: 21 });
    const repairRequest = model.requests[1].messages.at(-1)!;
    expect(repairRequest.role === 'user' && repairRequest.content).toMatch(
      /^Your answer does not fit ForecastDto:\n- the answer is not valid JSON \(/,
    );
  });

  it('fails with the StructuredOutputError of the last answer once the attempts are spent', async () => {
    const model = new ScriptedChatModel(['{"city":1}', '{"city":2}', '{"city":3}', 'never asked']);
    const entity = ChatClient.create(model)
      .prompt('Forecast')
      .call()
      .entity(Forecast, { maxRepairAttempts: 2 });
    await expect(entity).rejects.toThrow(StructuredOutputError);
    await expect(entity).rejects.toMatchObject({ text: '{"city":3}' });
    expect(model.requests).toHaveLength(3);
  });

  it('does not repair unless asked, and refuses a bound that cannot work', async () => {
    const model = new ScriptedChatModel(['{"city":1}', 'never asked']);
    await expect(ChatClient.create(model).prompt('Forecast').call().entity(Forecast)).rejects.toThrow(
      StructuredOutputError,
    );
    expect(model.requests).toHaveLength(1);
    await expect(
      ChatClient.create(model).prompt('Forecast').call().entity(Forecast, { maxRepairAttempts: 1.5 }),
    ).rejects.toThrow(new ToolCallingOptionsError('entity().maxRepairAttempts', 1.5, 'an integer ≥ 0'));
  });

  it('keeps the repair exchange in the history of the call (chat memory sees the whole call)', async () => {
    const model = new ScriptedChatModel(['{"city":"Paris"}', '{"city":"Paris","temperature":20}']);
    const spec = ChatClient.create(model).prompt('Forecast').call();
    await spec.entity(Forecast, { maxRepairAttempts: 1 });
    expect(model.requests[1].messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
