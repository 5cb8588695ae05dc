import {
  ChatModelApiError,
  ChatModelConnectionError,
  ChatModelError,
  ChatModelResponseError,
  ToolCallingError,
  userMessage,
  type ChatResponseChunk,
} from 'nestjs-tool-calling';
import { ADAPTER_CONTRACTS, expectedStatusMessage } from './support/adapter-contracts';
import { prompt, failure } from './support/chat-test.helpers';
import { modelsUnderTest } from './support/models-under-test';
import { runInNodeRealm } from './support/node-realm.runner';
import { fixture, jsonFixture, type ScriptedReply } from './support/provider-test.server';
import { PNG_BASE64, chartResult, conversationWith, responseOf } from './support/rich-tool-results';

/** The SDKs retry at once when told so (OpenAI's and Anthropic's read it; Gemini's retries by its own delays). */
const RETRY_NOW = { 'retry-after-ms': '1' };
const ANSWER = 'Hello! How can I help you today?';
const hello = prompt({ messages: [userMessage('Hello')] });

/** What a call or a stream failed with, and the chunks a stream gave before. */

describe.each(ADAPTER_CONTRACTS)('the adapter contract: $label', (contract) => {
  const models = modelsUnderTest();
  const server = () => models.server();
  const model = (replies: ScriptedReply[], settings?: { maxRetries?: number; timeoutMs?: number }) =>
    contract.build(models, replies, settings);
  const text = (): ScriptedReply => ({ json: jsonFixture(contract.wire, 'text.json') });
  const silent = (): ScriptedReply => ({ sse: fixture(contract.wire, 'cut.sse'), hang: true });

  describe('maps each error status to its typed error, with the provider message and without the key', () => {
    it.each(contract.statuses)('%i (%s/%s)', async (...status) => {
      const [code, folder, file, type] = status;
      const body = jsonFixture(folder, file);
      const headers = contract.requestIdHeader ? { [contract.requestIdHeader]: 'req_contract_1' } : undefined;
      const chat = await model([{ status: code, headers, json: body }]);

      const error = await failure(chat.call(hello));

      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(ChatModelApiError);
      expect(error).toBeInstanceOf(ChatModelError);
      expect(error).toBeInstanceOf(ToolCallingError);
      expect(error.name).toBe(type.name);
      expect(error).toMatchObject({ provider: contract.provider, status: code });
      expect(error.errorType).toBe(contract.errorType(body));
      expect(error.requestId).toBe(headers ? 'req_contract_1' : undefined);
      expect(error.message).toBe(expectedStatusMessage(contract, server(), status, body));
      expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(contract.apiKey);
      expect(error.cause).toBeUndefined();
      expect(server().requests).toHaveLength(1);
    });

    it('maps an error status before a stream starts as for call()', async () => {
      const [code, folder, file, type] = contract.statuses[contract.statuses.length - 1];
      const chat = await model([{ status: code, json: jsonFixture(folder, file) }]);

      const error = await failure(chat.stream(hello));

      expect(error).toBeInstanceOf(type);
      expect(error.status).toBe(code);
    });
  });

  it('retries a 429 as its SDK does (maxRetries), then returns the answer', async () => {
    const [, folder, file] = contract.statuses.find(([code]) => code === 429)!;
    const chat = await model([{ status: 429, headers: RETRY_NOW, json: jsonFixture(folder, file) }, text()], {
      maxRetries: 1,
    });

    const response = await chat.call(hello);

    expect(response.message.content).toBe(ANSWER);
    expect(server().requests).toHaveLength(2);
    expect(server().body(1)).toEqual(server().body(0));
  });

  it('says how many retries a 5xx outlasted', async () => {
    const [code, folder, file] = contract.statuses[contract.statuses.length - 1];
    const failed: ScriptedReply = { status: code, headers: RETRY_NOW, json: jsonFixture(folder, file) };
    const chat = await model([failed, failed], { maxRetries: 1 });

    const error = await failure(chat.call(hello));

    expect(error.message).toContain(`(${code} server error, still after 1 retry)`);
    expect(server().requests).toHaveLength(2);
  });

  it('names the endpoint and the root cause when the connection is refused', async () => {
    const chat = await model([]);
    const where = contract.where(server());
    const port = new URL(server().url()).port;
    await server().close();

    const error = await failure(chat.call(hello));

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.name).toBe('ChatModelConnectionError');
    expect(error.timedOut).toBe(false);
    expect(error.message).toBe(`${where} could not be reached: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('sends an image tool result as media, in call() and stream() alike, never as base64 inside text', async () => {
    const chat = await model([text(), { sse: fixture(contract.wire, 'text.sse') }]);
    const chart = prompt({ messages: conversationWith(responseOf(chartResult())) });

    await chat.call(chart);
    for await (const chunk of chat.stream(chart)) void chunk;

    for (const request of server().requests) {
      // The image once, as bytes or a data: URL; the text beside it.
      const leaves = strings(request.body);
      expect(leaves.filter((leaf) => leaf.includes(PNG_BASE64))).toEqual([
        expect.stringMatching(new RegExp(`^(data:image/png;base64,)?${escape(PNG_BASE64)}$`)),
      ]);
      expect(leaves.some((leaf) => leaf.startsWith('Open tickets by week'))).toBe(true);
    }
    expect(server().requests).toHaveLength(2);
  });

  it('maps its SDK time limit to ChatModelConnectionError with timedOut', async () => {
    // The reply never starts. Run in plain Node: in Jest's sandbox the SDKs cannot tell a time-out from a failure.
    await models.start({ hang: true, sse: '' });

    const output = await runInNodeRealm('chat-model-call.probe.ts', {
      PROBE_SETTINGS: JSON.stringify({ ...contract.settings(server()), maxRetries: 0, timeoutMs: 100 }),
    });

    expect(JSON.parse(output)).toEqual({
      name: 'ChatModelConnectionError',
      timedOut: true,
      message: `${contract.where(server())} did not answer in time (time limit: 100 ms; raise it with the timeoutMs setting)`,
    });
  });

  it('gives up with ChatModelConnectionError when a stream goes silent for longer than the time limit', async () => {
    const chat = await model([silent()], { timeoutMs: 200 });
    const seen: ChatResponseChunk[] = [];

    const error = await failure(chat.stream(hello), seen);

    expect(error).toBeInstanceOf(ChatModelConnectionError);
    expect(error.timedOut).toBe(true);
    expect(error.message).toBe(
      `${contract.where(server())} sent nothing for 200 ms in the middle of a stream; the stream was abandoned ` +
        '(raise the limit with the timeoutMs setting)',
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((chunk) => chunk.type !== 'finish')).toBe(true);
  });

  it('maps a connection lost in the middle of a stream to ChatModelResponseError', async () => {
    const chat = await model([{ sse: fixture(contract.wire, 'cut.sse'), destroy: true }]);

    const error = await failure(chat.stream(hello));

    expect(error).toBeInstanceOf(ChatModelResponseError);
    expect(error.message).toMatch(
      new RegExp(
        `^${escape(contract.where(server()))} ended the stream before the response was complete \\((terminated|.*closed).*\\)$`,
      ),
    );
  });

  it('ends the stream at once when the consumer stops reading, and serves the next request', async () => {
    const chat = await model([silent(), text()]);
    const stream = chat.stream(hello)[Symbol.asyncIterator]();

    const first = await stream.next();
    const stopped = await stream.return?.(undefined);

    expect(first.done).toBe(false);
    expect(stopped).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect((await chat.call(hello)).message.content).toBe(ANSWER);
  });

  it('rejects with the abort reason, sending nothing, when the signal was aborted before', async () => {
    const chat = await model([text(), text()]);
    const reason = new Error('user left');

    expect(await failure(chat.call(hello, { signal: AbortSignal.abort(reason) }))).toBe(reason);
    expect(await failure(chat.stream(hello, { signal: AbortSignal.abort(reason) }))).toBe(reason);
    expect(server().requests).toHaveLength(0);
  });

  it('rejects with the abort reason when the signal aborts during the request', async () => {
    const chat = await model([{ hang: true, sse: '' }]);
    const controller = new AbortController();

    const pending = chat.call(hello, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);

    expect(error).toBe(controller.signal.reason);
    expect(error.name).toBe('AbortError');
  });

  it('rejects with the abort reason when the signal aborts in the middle of a stream', async () => {
    const chat = await model([silent()]);
    const controller = new AbortController();
    const seen: ChatResponseChunk[] = [];

    const error = await failure(
      (async function* () {
        for await (const chunk of chat.stream(hello, { signal: controller.signal })) {
          yield chunk;
          controller.abort();
        }
      })(),
      seen,
    );

    expect(error).toBe(controller.signal.reason);
    expect(error.name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });
});

/** The string leaves of a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(strings);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
