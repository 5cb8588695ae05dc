// The AI SDK's own client (`ai` v7: DefaultChatTransport, readUIMessageStream) against two replicas of the sample
// app, run by resumable-stream.e2e-spec.ts as a child process (the `ai` package is ES modules only, which Jest's
// CommonJS runtime cannot load). The model's answer is held mid-way by the test's model server (its gate URL).
//   node resume-client.mjs <scenario: cut | stop> <url A> <url B> <gate url> <alice's header> <bob's header>
// Prints one JSON object: what the client saw.
import { randomUUID } from 'node:crypto';
import { DefaultChatTransport, readUIMessageStream } from 'ai';

const [, , scenario, urlA, urlB, gateUrl, alice, bob] = process.argv;

const QUESTION = {
  id: 'question-1',
  role: 'user',
  parts: [{ type: 'text', text: 'What is the weather in Paris?' }],
};
const transport = (url, authorization) =>
  new DefaultChatTransport({ api: `${url}/api/chat`, headers: { authorization } });
const ask = (url, chatId, abortSignal) =>
  transport(url, alice).sendMessages({
    trigger: 'submit-message',
    chatId,
    messageId: undefined,
    messages: [QUESTION],
    abortSignal,
  });
const gate = async (action) => (await fetch(`${gateUrl}/${action}`, { method: 'POST' })).json();

async function assemble(stream) {
  let last;
  for await (const message of readUIMessageStream({ stream })) last = message;
  return last;
}

async function readUntil(reader, found) {
  const chunks = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended first: ${JSON.stringify(chunks)}`);
    chunks.push(value);
    if (found(value)) return chunks;
  }
}

async function readRest(reader) {
  const chunks = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

async function whileWaiting(count) {
  for (let i = 0; i < 1000; i++) {
    if ((await gate('state')).waiting === count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the answer never reached the gate');
}

const fromChunks = (chunks) =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

const stop = async (url, chatId, authorization) =>
  (await fetch(`${url}/api/chat/${chatId}/stop`, { method: 'POST', headers: { authorization } })).json();

async function cut() {
  const uncut = await assemble(await ask(urlA, randomUUID()));
  await gate('hold');
  const chatId = randomUUID();
  const connection = new AbortController();
  const reader = (await ask(urlA, chatId, connection.signal)).getReader();
  const before = await readUntil(reader, (chunk) => chunk.type === 'text-delta');
  await whileWaiting(1);
  // The phone drops its connection in the middle of the answer.
  connection.abort();
  await reader.cancel().catch(() => undefined);
  const resumedStream = await transport(urlB, alice).reconnectToStream({ chatId });
  const [forMessage, forChunks] = resumedStream.tee();
  const replaying = readRest(forChunks.getReader());
  await gate('release');
  const resumed = await assemble(forMessage);
  return { uncut, before, resumed, replayed: await replaying };
}

async function stopOnB() {
  await gate('hold');
  const chatId = randomUUID();
  const reader = (await ask(urlA, chatId)).getReader();
  const before = await readUntil(reader, (chunk) => chunk.type === 'text-delta');
  await whileWaiting(1);
  const abandonedBefore = (await gate('state')).abandoned;
  const byBob = await stop(urlB, chatId, bob);
  const bobResumes = (await fetch(`${urlB}/api/chat/${chatId}/stream`, { headers: { authorization: bob } }))
    .status;
  const byAlice = await stop(urlB, chatId, alice);
  const rest = await readRest(reader);
  let abandoned = 0;
  for (let i = 0; i < 500 && abandoned === 0; i++) {
    abandoned = (await gate('state')).abandoned - abandonedBefore;
    if (abandoned === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await gate('release');
  const message = await assemble(fromChunks([...before, ...rest]));
  const again = await stop(urlB, chatId, alice);
  return { byBob, bobResumes, byAlice, rest, abandoned, message, again };
}

const result = scenario === 'cut' ? await cut() : await stopOnB();
process.stdout.write(JSON.stringify(result));
