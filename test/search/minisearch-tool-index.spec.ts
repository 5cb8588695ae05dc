import { FunctionToolCallback, MiniSearchToolIndex, ToolCallingOptionsError } from 'nestjs-tool-calling';

const { toolSet, jsonSchemaOf } = require('../../bench/search/tool-sets') as {
  toolSet: (size: number) => [string, string, Record<string, [string, string]>][];
  jsonSchemaOf: (params: Record<string, [string, string]>) => Record<string, unknown>;
};

const QUERIES = require('../../bench/search/queries.json') as { search: string; expected: string }[];

const tool = (name: string, description: string, parameter: [string, string]) =>
  FunctionToolCallback.from({
    name,
    description,
    inputSchema: {
      type: 'object',
      properties: { [parameter[0]]: { type: 'string', description: parameter[1] } },
      required: [parameter[0]],
    },
    fn: () => 'ok',
  });

function indexOf(...tools: FunctionToolCallback[]) {
  const map = new Map(tools.map((t) => [t.getToolDefinition().name, t]));
  return (options?: ConstructorParameters<typeof MiniSearchToolIndex>[0]) => {
    const index = new MiniSearchToolIndex(options);
    index.update(map);
    return (text: string) => index.search({ text, limit: 5, accepts: (name) => map.has(name) });
  };
}

describe('MiniSearchToolIndex', () => {
  it("finds the expected tool in the top 5 for at least 90% of the benchmark's searches among 5,000 tools", () => {
    // The benchmark's tools and queries (bench/search): a CRUD family names its entity in its name, description and
    // parameters, which an index summing the parts' scores ranked above the one task tool the search meant.
    const tools = toolSet(5000).map(([name, description, params]) =>
      FunctionToolCallback.from({ name, description, inputSchema: jsonSchemaOf(params), fn: () => 'ok' }),
    );
    const search = indexOf(...tools)();
    const found = QUERIES.filter(({ search: text, expected }) => search(text).includes(expected));
    expect(found.length / QUERIES.length).toBeGreaterThanOrEqual(0.9);
  });

  it('weighs the parts by boost: without the name, a name-only word finds nothing', () => {
    const byName = indexOf(tool('refundOrder', 'Gives a customer their money back', ['id', 'Order id']));
    expect(byName()('refund')).toEqual(['refundOrder']);
    expect(byName({ boost: { name: 0 } })('refund')).toEqual([]);
  });

  it('refuses a boost that is not a whole number from 0 to 10, naming the option', () => {
    expect(() => new MiniSearchToolIndex({ boost: { description: 1.5 } })).toThrow(ToolCallingOptionsError);
    expect(() => new MiniSearchToolIndex({ boost: { name: -1 } })).toThrow('MiniSearchToolIndex.boost.name');
    expect(() => new MiniSearchToolIndex({ boost: { parameters: 11 } })).toThrow(
      /a whole number from 0 to 10/,
    );
  });
});
