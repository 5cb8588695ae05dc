import 'reflect-metadata';
import { z } from 'zod';
import {
  FunctionToolCallback,
  InvalidToolInputError,
  MethodToolCallback,
  Tool,
  ToolCallingManager,
  type ToolCallback,
  type ToolExecutionResult,
} from 'nestjs-tool-calling';
import { ToolRound } from '../../../lib/chat/loop/tool-round';

// A tool declared with a Standard Schema (zod) that validates synchronously must cost what the same tool declared
// with JSON Schema costs: no promise per call. A round of such tools is answered without one.

const city = z.object({ city: z.string() });

class Weather {
  @Tool({ description: 'Weather of a city', input: city })
  weather(input: { city: string }): string {
    return `sunny in ${input.city}`;
  }
}

const settings = {
  limits: new ToolCallingManager().limits,
  processor: { process: (e: Error) => e.message },
  hooks: [],
};

function round(tool: ToolCallback, args: string): ToolExecutionResult | Promise<ToolExecutionResult> {
  const tools = new Map([[tool.getToolDefinition().name, tool]]);
  const message = {
    role: 'assistant' as const,
    content: '',
    toolCalls: [{ id: '1', name: tool.getToolDefinition().name, arguments: args }],
  };
  return new ToolRound({ history: [], message, tools }, tools, settings, undefined).run();
}

describe('a tool with a synchronous Standard Schema', () => {
  const functionTool = FunctionToolCallback.from({
    name: 'weather',
    description: 'Weather of a city',
    input: city,
    fn: (input: { city: string }) => `sunny in ${input.city}`,
  });
  const methodTool = MethodToolCallback.from(new Weather(), 'weather');

  it.each([
    ['a function tool', functionTool],
    ['a @Tool method with the schema on the decorator', methodTool],
  ])('%s answers a round without a promise', (_kind, tool) => {
    const result = round(tool, '{"city":"Paris"}');
    expect(result).not.toBeInstanceOf(Promise);
    expect((result as ToolExecutionResult).toolResponses[0]).toMatchObject({
      result: 'sunny in Paris',
      isError: false,
    });
  });

  it.each([
    ['a function tool', functionTool],
    ['a @Tool method', methodTool],
  ])('%s still refuses bad input with the schema issue, synchronously', (_kind, tool) => {
    const result = round(tool, '{"city":42}') as ToolExecutionResult;
    expect(result.toolResponses[0].isError).toBe(true);
    expect(result.toolResponses[0].result).toContain('city');
    expect(result.toolResponses[0].result).toMatch(/expected string/i);
  });

  it('waits for a schema that validates asynchronously', async () => {
    const slow = z.object({ city: z.string().refine(async (value) => value !== 'Atlantis', 'no such city') });
    const tool = FunctionToolCallback.from({
      name: 'weather',
      description: 'Weather of a city',
      input: slow,
      fn: (input: { city: string }) => `sunny in ${input.city}`,
    });
    await expect(tool.call('{"city":"Paris"}')).resolves.toBe('sunny in Paris');
    await expect(tool.call('{"city":"Atlantis"}')).rejects.toBeInstanceOf(InvalidToolInputError);
    await expect(tool.call('{"city":"Atlantis"}')).rejects.toThrow('no such city');
  });
});
