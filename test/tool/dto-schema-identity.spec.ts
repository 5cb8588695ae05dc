import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested } from 'class-validator';
import { FunctionToolCallback, MethodToolCallback, Tool, ToolParam } from 'nestjs-tool-calling';
import { Filter as CodeFilter } from './fixtures/code-filter.dto';
import { Filter as LabelFilter } from './fixtures/label-filter.dto';

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

describe('DTO schemas are keyed by class, never by class name', () => {
  it('gives each of two classes called Filter its own schema, and accepts a valid call', async () => {
    const byLabel = FunctionToolCallback.from({
      name: 'find_by_label',
      inputType: LabelFilter,
      fn: (filter: LabelFilter) => `label ${filter.label} (${filter.constructor === LabelFilter})`,
    });
    expect(byLabel.getToolDefinition().inputSchema).toEqual({
      $schema: SCHEMA,
      type: 'object',
      properties: { label: { type: 'string' } },
      required: ['label'],
      additionalProperties: false,
    });
    await expect(byLabel.call('{"label":"x"}')).resolves.toBe('label x (true)');

    const byCode = FunctionToolCallback.from({
      name: 'find_by_code',
      inputType: CodeFilter,
      fn: (filter: CodeFilter) => `code ${filter.code}`,
    });
    expect(byCode.getToolDefinition().inputSchema.properties).toEqual({ code: { type: 'string' } });
    await expect(byCode.call('{"code":"y"}')).resolves.toBe('code y');
    await expect(byCode.call('{"label":"x"}')).rejects.toThrow(
      'Invalid arguments for tool "find_by_code": code: is required but missing; label: is not an accepted ' +
        'property (accepted: code). Correct the arguments and call the tool again.',
    );
  });

  it('inlines two nested classes of one name each with its own properties', async () => {
    class Query {
      @ValidateNested()
      @Type(() => LabelFilter)
      include!: LabelFilter;

      @ValidateNested()
      @Type(() => CodeFilter)
      exclude!: CodeFilter;

      @IsInt()
      limit!: number;
    }
    class SearchTools {
      @Tool()
      search(query: Query): string {
        return `${query.include.label} not ${query.exclude.code}, ${query.limit}`;
      }
    }
    const search = MethodToolCallback.from(new SearchTools(), 'search');
    const properties = search.getToolDefinition().inputSchema.properties as Record<string, any>;
    expect(properties.include.properties).toEqual({ label: { type: 'string' } });
    expect(properties.exclude.properties).toEqual({ code: { type: 'string' } });
    await expect(search.call('{"include":{"label":"a"},"exclude":{"code":"b"},"limit":3}')).resolves.toBe(
      'a not b, 3',
    );
  });
});

describe('@ToolParam({ required: false }) on a DTO property', () => {
  class Reminder {
    @IsString()
    text!: string;

    // No @IsOptional(): the schema and the validation must still agree that it is optional.
    @ToolParam({ required: false, description: 'When, as HH:MM' })
    @IsString()
    at?: string;
  }

  const remind = FunctionToolCallback.from({
    name: 'remind',
    inputType: Reminder,
    fn: (reminder: Reminder) => `${reminder.text} at ${reminder.at ?? 'any time'}`,
  });

  it('is optional in the schema shown to the model', () => {
    expect(remind.getToolDefinition().inputSchema).toMatchObject({
      properties: { at: { type: 'string', description: 'When, as HH:MM' } },
      required: ['text'],
    });
  });

  it('accepts the call without it, and still validates it when sent', async () => {
    await expect(remind.call('{"text":"call mum"}')).resolves.toBe('call mum at any time');
    await expect(remind.call('{"text":"call mum","at":"18:00"}')).resolves.toBe('call mum at 18:00');
    await expect(remind.call('{"text":"call mum","at":7}')).rejects.toThrow(
      'Invalid arguments for tool "remind": at: must be string, received integer 7. ' +
        'Correct the arguments and call the tool again.',
    );
  });
});
