import type { INestApplication } from '@nestjs/common';
import { PLATFORMS } from '../module/fixtures/start-app';
import { DeskTools, deskModel, startUIChatApp } from './fixtures/ui-chat.app';
import { PIXEL } from './fixtures/fed-events';
import { runClient } from './support/run-client';

type Part = Record<string, unknown> & { type: string };
type UIMessage = { id: string; role: string; parts: Part[]; metadata?: Record<string, unknown> };
type Result = {
  messages: UIMessage[];
  before: UIMessage[];
  status: string;
  error?: string;
  snapshots: UIMessage[];
  headers: Record<string, string>;
  body: Record<string, unknown>;
  failed?: string;
  seen: { finishes: { isError: boolean }[]; errors: string[]; data: Part[] };
};

const SCENARIOS = [
  'text',
  'tool',
  'failingTool',
  'clientTool',
  'approve',
  'deny',
  'abort',
  'error',
  'history',
  'fedReader',
  'fedChat',
  'fedAbort',
  'badBody',
  'headers',
];

const last = (result: Result): UIMessage => result.messages[result.messages.length - 1];
const partsOf = (message: UIMessage, type: string): Part[] =>
  message.parts.filter((part) => part.type === type);

// Each client (ai v7, ai v6) against each platform, in one child process per pair: the `ai` package is ES
// modules only. Every scenario goes through the package's own Chat (AbstractChat) + DefaultChatTransport, or
// readUIMessageStream over the transport's chunks.
describe.each(
  PLATFORMS.flatMap((platform) => (['ai', 'ai-v6'] as const).map((pkg) => [pkg, platform] as const)),
)('the UI message stream with %s on %s', (pkg, platform) => {
  jest.setTimeout(90_000);
  let app: INestApplication;
  let results: Record<string, Result>;

  beforeAll(async () => {
    const started = await startUIChatApp(platform, deskModel());
    app = started.app;
    results = (await runClient('ai-sdk-client.mjs', [pkg, started.url, SCENARIOS.join(',')])) as Record<
      string,
      Result
    >;
    for (const [name, result] of Object.entries(results))
      if (result.failed) throw new Error(`${name}: ${result.failed}`);
  });
  afterAll(() => app.close());

  it('answers with the protocol headers', () => {
    expect(results.headers.headers).toMatchObject({
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-vercel-ai-ui-message-stream': 'v1',
    });
  });

  it('streams text into one assistant message with usage as its metadata', () => {
    const { status, seen } = results.text;
    const message = last(results.text);
    expect(status).toBe('ready');
    expect(message.role).toBe('assistant');
    expect(message.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'You said: hello. Messages: 1.', state: 'done' },
    ]);
    expect(message.metadata).toEqual({
      conversationId: `chat-text-${pkg}`,
      usage: { promptTokens: 10, completionTokens: 7, totalTokens: 17 },
      rounds: 1,
      finishReason: 'stop',
    });
    expect(seen.errors).toEqual([]);
  });

  it('shows a tool call with its input and output, then the answer in a second step', () => {
    expect(last(results.tool).parts).toEqual([
      { type: 'step-start' },
      {
        type: 'tool-weather',
        toolCallId: expect.any(String),
        state: 'output-available',
        input: { city: 'Oslo' },
        output: 'Oslo: sunny, 21 °C',
      },
      { type: 'step-start' },
      { type: 'text', text: 'Done: Oslo: sunny, 21 °C', state: 'done' },
    ]);
  });

  it("runs a client tool in the browser (onToolCall) and resumes the run with the client's output", () => {
    const result = results.clientTool as Result & { calls: { toolName: string }[] };
    expect(result.calls.map((call) => call.toolName)).toEqual(['getLocation']);
    const message = last(result);
    expect(partsOf(message, 'tool-getLocation')[0]).toMatchObject({
      state: 'output-available',
      output: 'Lisbon',
    });
    expect(partsOf(message, 'text')[0]).toMatchObject({ text: 'Done: Lisbon' });
  });

  it('shows a failing tool as an output error', () => {
    const [part] = partsOf(last(results.failingTool), 'tool-readDisk');
    expect(part).toMatchObject({ state: 'output-error', errorText: 'the disk is on fire' });
    expect(results.failingTool.status).toBe('ready');
  });

  it('asks for approval, and an approval answered in the next request runs the tool and continues the message', () => {
    const asked = partsOf(last(results.approve as Result & { messages: UIMessage[] }), 'tool-closeTicket');
    const before = results.approve.before[1];
    expect(partsOf(before, 'tool-closeTicket')[0]).toMatchObject({
      state: 'approval-requested',
      input: { id: 7 },
      approval: { id: expect.any(String) },
    });
    const message = last(results.approve);
    expect(message.id).toBe(before.id);
    expect(asked[0]).toMatchObject({ state: 'output-available', output: 'ticket 7 closed' });
    expect(partsOf(message, 'text')[0]).toMatchObject({ text: 'Done: ticket 7 closed' });
    expect(app.get(DeskTools).closed).toEqual([7]);
  });

  it('shows a denied approval as denied, and the model is told the reason', () => {
    const message = last(results.deny);
    expect(partsOf(message, 'tool-closeTicket')[0]).toMatchObject({ state: 'output-denied' });
    expect(partsOf(message, 'text')[0].text).toContain('Their reason: not today');
    expect(app.get(DeskTools).closed).toEqual([7]);
  });

  it("aborts the server's run when the client stops", () => {
    expect(results.abort.status).toBe('ready');
    expect(partsOf(last(results.abort), 'tool-slowReport')[0]).toMatchObject({ state: 'input-available' });
    expect(app.get(DeskTools).aborted).toHaveLength(1);
  });

  it('ends a failed call with a safe error text (no provider message, no secret)', () => {
    expect(results.error.status).toBe('error');
    expect(results.error.error).toBe('The chat failed. The server log has the details.');
    expect(JSON.stringify(results.error)).not.toContain('sk-secret');
  });

  it("without chat memory, the model reads the client's history", () => {
    expect(partsOf(last(results.history), 'text')[0].text).toBe('You said: hello again. Messages: 3.');
  });

  it('streams tool input in pieces, progress, a preliminary and an image result (readUIMessageStream)', () => {
    const tools = results.fedReader.snapshots.map((message) => partsOf(message, 'tool-chart')[0]);
    const states = tools.filter(Boolean).map((part) => `${part.state}${part.preliminary ? '*' : ''}`);
    expect(states[0]).toBe('input-streaming');
    expect(states).toContain('output-available*');
    expect(states[states.length - 1]).toBe('output-available');
    expect(tools.filter(Boolean).map((part) => part.input)).toContainEqual({ city: 'Oslo' });
    const final = results.fedReader.snapshots[results.fedReader.snapshots.length - 1];
    expect(partsOf(final, 'tool-chart')[0].output).toEqual({
      text: 'A chart of Oslo',
      content: [
        { type: 'text', text: 'A chart of Oslo' },
        { type: 'image', mediaType: 'image/png', data: PIXEL },
      ],
    });
    expect(partsOf(final, 'data-tool-progress')[0].data).toEqual({
      toolCallId: 'call-1',
      toolName: 'chart',
      progress: 1,
      total: 2,
      message: 'fetching',
    });
    expect(partsOf(final, 'data-tool-result-truncated')[0].data).toMatchObject({ maxResultChars: 100 });
    expect(partsOf(final, 'data-tool-elicitation')[0].data).toEqual({
      toolCallId: 'call-1',
      toolName: 'chart',
      message: 'Which colours?',
      requestedSchema: { type: 'object', properties: { palette: { type: 'string' } } },
    });
    expect(partsOf(final, 'data-tool-retry')[0].data).toEqual({
      toolCallId: 'call-1',
      toolName: 'chart',
      attempt: 1,
      maxAttempts: 3,
      delayMs: 100,
      error: 'the chart service is busy',
    });
  });

  it('gives data parts to Chat.onData, and the fed stream ends ready', () => {
    expect(results.fedChat.status).toBe('ready');
    expect(results.fedChat.seen.data.map((part) => part.type)).toEqual([
      'data-tool-progress',
      'data-tool-elicitation',
      'data-tool-retry',
      'data-tool-result-truncated',
    ]);
  });

  it('ends with an abort chunk when the stop signal fires: the client keeps what came, without an error', () => {
    expect(results.fedAbort.status).toBe('ready');
    expect(results.fedAbort.seen.errors).toEqual([]);
    const message = last(results.fedAbort);
    expect(partsOf(message, 'tool-chart')[0]).toMatchObject({ state: 'input-streaming' });
    expect(message.metadata?.finishReason).toBeUndefined();
  });

  it('answers a malformed body with 400 and where it is wrong', () => {
    expect(results.badBody.status).toBe(400);
    expect(results.badBody.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'the UI message stream request body is not valid: messages[0].parts[0].text must be a string',
    });
  });
});

describe('the UI message stream with chat memory (ai v7, Express)', () => {
  jest.setTimeout(90_000);
  let app: INestApplication;
  let results: Record<string, Result>;

  beforeAll(async () => {
    const started = await startUIChatApp('express', deskModel(), true);
    app = started.app;
    results = (await runClient('ai-sdk-client.mjs', ['ai', started.url, 'history,approve'])) as Record<
      string,
      Result
    >;
    for (const [name, result] of Object.entries(results))
      if (result.failed) throw new Error(`${name}: ${result.failed}`);
  });
  afterAll(() => app.close());

  it("reads the stored history, not the client's claimed one", () => {
    expect(partsOf(last(results.history), 'text')[0].text).toBe('You said: hello again. Messages: 1.');
  });

  it('resumes an approval answered through the next request', () => {
    expect(partsOf(last(results.approve), 'tool-closeTicket')[0]).toMatchObject({
      state: 'output-available',
      output: 'ticket 7 closed',
    });
    expect(app.get(DeskTools).closed).toEqual([7]);
  });
});
