// @opentelemetry/api is an optional peer: loaded on the first chat call, never on import; without it, chat calls
// run and record nothing.

let mockInstalled = true;
let mockLoads = 0;
jest.mock('@opentelemetry/api', () => {
  mockLoads++;
  if (!mockInstalled) {
    throw Object.assign(new Error("Cannot find module '@opentelemetry/api'"), { code: 'MODULE_NOT_FOUND' });
  }
  return jest.requireActual('@opentelemetry/api');
});

type Library = typeof import('../../lib');
type Testing = typeof import('../../lib/testing');
type OpenTelemetry = typeof import('../../lib/opentelemetry');

/** The library as a fresh process would load it (the module registry, mocks included, emptied first). */
function freshLibrary(): { lib: Library; testing: Testing; otel: OpenTelemetry } {
  jest.resetModules();
  return {
    lib: require('../../lib'),
    testing: require('../../lib/testing'),
    otel: require('../../lib/opentelemetry'),
  };
}

/** A client that records through OpenTelemetry, as the module's does. */
function tracedClient({ lib, testing, otel }: ReturnType<typeof freshLibrary>, text: string) {
  return lib.ChatClient.create(
    new testing.ScriptedChatModel([text]),
    {},
    { toolCallingManager: { telemetry: new otel.OpenTelemetryChatTelemetry() } },
  );
}

async function oneCall(library: ReturnType<typeof freshLibrary>): Promise<string> {
  const chat = tracedClient(library, 'Hello.');
  return chat.prompt('Hi').call().content();
}

describe('@opentelemetry/api, an optional peer', () => {
  beforeEach(() => {
    mockLoads = 0;
  });

  it('is loaded by the first chat call, not by importing the library', async () => {
    mockInstalled = true;
    const library = freshLibrary();
    expect(mockLoads).toBe(0);
    await expect(oneCall(library)).resolves.toBe('Hello.');
    expect(mockLoads).toBe(1);
  });

  it('may be missing: calls and streams run, and it is looked for once', async () => {
    mockInstalled = false;
    const library = freshLibrary();
    await expect(oneCall(library)).resolves.toBe('Hello.');
    const chat = tracedClient(library, 'Streamed.');
    const texts: string[] = [];
    for await (const text of chat.prompt('Hi').stream().content()) texts.push(text);
    expect(texts.join('')).toBe('Streamed.');
    expect(mockLoads).toBe(1);
  });
});
