import type { INestApplication } from '@nestjs/common';
import { HttpAgent } from '@ag-ui/client';
import { PLATFORMS } from '../module/fixtures/start-app';
import { DeskTools, deskModel, startUIChatApp } from './fixtures/ui-chat.app';

// @ag-ui/client's HttpAgent against the AG-UI endpoint: it posts a RunAgentInput, reads the SSE events with its own
// parser and verifier, and assembles the messages.
describe.each(PLATFORMS)('AG-UI with @ag-ui/client on %s', (platform) => {
  let app: INestApplication;
  let url: string;
  const agent = (threadId: string) =>
    new HttpAgent({ url: `${url}/api/ag-ui`, headers: { authorization: 'Bearer token-alice' }, threadId });

  beforeAll(async () => ({ app, url } = await startUIChatApp(platform, deskModel())));
  afterAll(() => app.close());

  it('streams a text answer', async () => {
    const client = agent('t-text');
    client.addMessage({ id: 'u1', role: 'user', content: 'hello' });
    const { newMessages } = await client.runAgent();
    expect(newMessages).toEqual([
      expect.objectContaining({ role: 'assistant', content: 'You said: hello. Messages: 1.' }),
    ]);
  });

  it('streams a tool call, its result and the answer', async () => {
    const client = agent('t-tool');
    client.addMessage({ id: 'u1', role: 'user', content: 'weather in Oslo' });
    const { newMessages } = await client.runAgent();
    expect(newMessages).toEqual([
      expect.objectContaining({
        role: 'assistant',
        toolCalls: [
          {
            id: expect.any(String),
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      }),
      expect.objectContaining({ role: 'tool', content: 'Oslo: sunny, 21 °C' }),
      expect.objectContaining({ role: 'assistant', content: 'Done: Oslo: sunny, 21 °C' }),
    ]);
  });

  it('ends with an approval interrupt, and a resume entry of the next run decides it', async () => {
    const client = agent('t-approve');
    client.addMessage({ id: 'u1', role: 'user', content: 'close 9' });
    const interrupts: { id: string; reason: string; toolCallId?: string }[] = [];
    await client.runAgent(undefined, {
      onRunFinishedEvent: ({ event }) => {
        const outcome = (event as { outcome?: { type: string; interrupts?: typeof interrupts } }).outcome;
        if (outcome?.type === 'interrupt') interrupts.push(...outcome.interrupts!);
      },
    });
    expect(interrupts).toEqual([
      expect.objectContaining({ reason: 'tool-approval', toolCallId: expect.any(String) }),
    ]);
    const { newMessages } = await client.runAgent({
      resume: [{ interruptId: interrupts[0].id, status: 'resolved', payload: { approved: true } }],
    } as never);
    expect(newMessages).toContainEqual(expect.objectContaining({ role: 'tool', content: 'ticket 9 closed' }));
    expect(app.get(DeskTools).closed).toContain(9);
  });

  it('answers a malformed run input with 400', async () => {
    const response = await fetch(`${url}/api/ag-ui`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-alice', 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 't', messages: [] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^the AG-UI request body is not valid: runId /,
    );
  });
});
