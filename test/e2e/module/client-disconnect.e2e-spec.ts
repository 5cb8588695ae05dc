import type { INestApplication } from '@nestjs/common';
import { once } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientDisconnectedError } from 'nestjs-tool-calling';
import { ChatProbe, disconnectApp, orderModel } from './fixtures/disconnect.app';
import { PLATFORMS, startApp } from './fixtures/start-app';

const DISCONNECTED =
  'The HTTP client closed the connection before the response was complete; the chat call serving it was stopped. ' +
  'To let such calls finish, set abortOnDisconnect: false in ToolCallingModule.forRoot().';

/** Starts POST /chat on the app's loopback port; resolves with the response body, if one comes. */
function postChat(app: INestApplication): { request: ClientRequest; body: Promise<string> } {
  const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
  const payload = JSON.stringify({ question: 'Where is my order?' });
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/chat',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  });
  const body = new Promise<string>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
    });
    request.on('error', reject);
  });
  body.catch(() => undefined);
  request.end(payload);
  return { request, body };
}

async function listening(app: INestApplication): Promise<INestApplication> {
  await app.listen(0, '127.0.0.1');
  return app;
}

describe.each(PLATFORMS)('a client that hangs up during POST /chat (%s)', (platform) => {
  let app: INestApplication | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('stops the chat call: the running tool is aborted and the model is not called again', async () => {
    const model = orderModel();
    app = await listening(await startApp(disconnectApp(model), false, platform));
    const probe = app.get(ChatProbe);

    const { request } = postChat(app);
    const signal = await probe.toolStarted.promise;
    request.destroy();
    const outcome = await probe.outcome.promise;

    expect(outcome).toBeInstanceOf(ClientDisconnectedError);
    expect(outcome).toMatchObject({ name: 'ClientDisconnectedError', message: DISCONNECTED });
    expect([signal.aborted, signal.reason]).toEqual([true, outcome]);
    expect(model.requests).toHaveLength(1);
  });

  it('lets the call finish with abortOnDisconnect: false', async () => {
    const model = orderModel();
    app = await listening(await startApp(disconnectApp(model, false), false, platform));
    const probe = app.get(ChatProbe);

    const { request } = postChat(app);
    const signal = await probe.toolStarted.promise;
    const served = probe.serverRequest!;
    const socket = (served.raw ?? (served as IncomingMessage)).socket;
    const closedOnServer = socket.destroyed ? Promise.resolve() : once(socket, 'close');
    request.destroy();
    await closedOnServer;
    probe.releaseTool.resolve();

    expect(await probe.outcome.promise).toBe('Your order has shipped.');
    expect(signal.aborted).toBe(false);
    expect(model.requests).toHaveLength(2);
  });

  it('leaves a call whose client stays alone, even after the response has been sent', async () => {
    const model = orderModel();
    app = await listening(await startApp(disconnectApp(model), false, platform));
    const probe = app.get(ChatProbe);

    const { body } = postChat(app);
    const signal = await probe.toolStarted.promise;
    probe.releaseTool.resolve();

    expect(JSON.parse(await body)).toEqual({ answer: 'Your order has shipped.' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(signal.aborted).toBe(false);
  });
});
