import { readFileSync } from 'node:fs';

// Importing the library must load none of its optional peers: an app may not have them, or may have a version its
// test runner cannot load (@nestjs/config 12 is an ES module, which Jest's CommonJS runtime refuses in a Nest 11
// app). Each peer is replaced by a module that fails when loaded, the way the ES-module one fails under Jest.

const mockLoaded: string[] = [];
function mockFailWhenLoaded(name: string): never {
  mockLoaded.push(name);
  throw Object.assign(new Error(`Must use import to load ES Module: ${name}`), { code: 'ERR_REQUIRE_ESM' });
}
jest.mock('@nestjs/config', () => mockFailWhenLoaded('@nestjs/config'));
jest.mock('openai', () => mockFailWhenLoaded('openai'));
jest.mock('@anthropic-ai/sdk', () => mockFailWhenLoaded('@anthropic-ai/sdk'));
jest.mock('class-validator', () => mockFailWhenLoaded('class-validator'));
jest.mock('class-transformer', () => mockFailWhenLoaded('class-transformer'));
jest.mock('class-validator-jsonschema', () => mockFailWhenLoaded('class-validator-jsonschema'));
jest.mock('@modelcontextprotocol/sdk', () => mockFailWhenLoaded('@modelcontextprotocol/sdk'), {
  virtual: true,
});
jest.mock('@modelcontextprotocol/server', () => mockFailWhenLoaded('@modelcontextprotocol/server'));
jest.mock('@modelcontextprotocol/node', () => mockFailWhenLoaded('@modelcontextprotocol/node'));
jest.mock('@modelcontextprotocol/client', () => mockFailWhenLoaded('@modelcontextprotocol/client'));
jest.mock('bullmq', () => mockFailWhenLoaded('bullmq'));
jest.mock('@nestjs/bullmq', () => mockFailWhenLoaded('@nestjs/bullmq'));
jest.mock('ioredis', () => mockFailWhenLoaded('ioredis'));
jest.mock('@opentelemetry/api', () => mockFailWhenLoaded('@opentelemetry/api'));
jest.mock('@google/genai', () => mockFailWhenLoaded('@google/genai'));
jest.mock('@ag-ui/core', () => mockFailWhenLoaded('@ag-ui/core'));
jest.mock('@ag-ui/encoder', () => mockFailWhenLoaded('@ag-ui/encoder'));

describe('importing the library', () => {
  beforeEach(() => {
    mockLoaded.length = 0;
  });

  it.each([
    '',
    '/testing',
    '/openai',
    '/anthropic',
    '/gemini',
    '/mcp',
    '/redis',
    '/opentelemetry',
    '/config',
    '/ai-sdk',
    '/ag-ui',
    '/runs',
  ])('loads none of the optional peers from the entry point nestjs-tool-calling%s', (entry) => {
    expect(() => jest.isolateModules(() => require(`../../lib${entry}`))).not.toThrow();
    expect(mockLoaded).toEqual([]);
  });

  it('covers every optional peer of package.json', () => {
    const { peerDependenciesMeta } = jest.requireActual('../../package.json') as {
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    const optional = Object.keys(peerDependenciesMeta).filter((name) => peerDependenciesMeta[name].optional);
    const mocked = [...readFileSync(__filename, 'utf8').matchAll(/^jest\.mock\('([^']+)'/gm)].map(
      (m) => m[1],
    );
    expect(mocked).toEqual(expect.arrayContaining(optional));
  });

  it('loads @nestjs/config only where toolCallingConfig is registered with it', () => {
    const { toolCallingConfig } = require('../../lib/config') as typeof import('../../lib/config');
    expect(mockLoaded).toEqual([]);
    expect(() => toolCallingConfig.KEY).toThrow('Must use import to load ES Module: @nestjs/config');
    expect(mockLoaded).toEqual(['@nestjs/config']);
  });
});
