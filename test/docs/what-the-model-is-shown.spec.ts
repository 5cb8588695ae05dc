import { z } from 'zod';
import { FunctionToolCallback, MethodToolCallbackProvider, Tool, ToolParam } from 'nestjs-tool-calling';

class Tools {
  @Tool({ description: 'By parameters' })
  byParameters(@ToolParam({ description: 'City' }) city: string): string {
    return city;
  }

  @Tool({ description: 'Literal', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } })
  literal(input: { city: string }): string {
    return input.city;
  }

  @Tool({ description: 'Zod', input: z.object({ city: z.string() }) })
  zod(input: { city: string }): string {
    return input.city;
  }
}

// docs/defining-tools.md, "What the model is shown": which schemas get additionalProperties: false.
describe('what the model is shown: additionalProperties', () => {
  const schemas = new Map(
    MethodToolCallbackProvider.from(new Tools())
      .getToolCallbacks()
      .map((callback) => [callback.getToolDefinition().name, callback.getToolDefinition().inputSchema]),
  );

  it('is false in the schemas the library builds (parameters, DTOs)', () => {
    expect(schemas.get('byParameters')).toMatchObject({ additionalProperties: false });
  });

  it('is left as written in a literal JSON Schema and a hand-written schema; zod’s export says false', async () => {
    expect(schemas.get('literal')).not.toHaveProperty('additionalProperties');
    expect(schemas.get('zod')).toMatchObject({ additionalProperties: false });
    const handWritten = FunctionToolCallback.from({
      name: 'handWritten',
      description: 'Hand-written',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      fn: ({ city }: { city: string }) => city,
    });
    expect(handWritten.getToolDefinition().inputSchema).not.toHaveProperty('additionalProperties');
    // Left as written, so an extra property reaches the function.
    await expect(handWritten.call('{"city":"Paris","extra":1}')).resolves.toBe('Paris');
  });
});
