// The UI message stream's added CPU per event over events(): the same scripted streamed call (text deltas, tool
// calls, results) consumed as events() and as toUIMessageChunks() (chunk objects) and as the SSE text of
// uiMessageStreamResponse(), interleaved, in one process. Prints CPU µs per event and the ratios to events().
//   npm run build && node bench/ui-stream/run.js
const { ChatClient, FunctionToolCallback } = require('../../dist');
const { ScriptedChatModel } = require('../../dist/testing');
const { toUIMessageChunks, uiMessageStreamResponse } = require('../../dist/ai-sdk');

const ROUNDS = 3;
const TEXT = 'word '.repeat(200);
function client() {
  const script = (prompt) => {
    const toolMessages = prompt.messages.filter((m) => m.role === 'tool').length;
    if (toolMessages < ROUNDS) return { text: TEXT.slice(0, 100), toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] };
    return TEXT;
  };
  const lookup = FunctionToolCallback.from({
    name: 'lookup',
    description: 'Look up',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    fn: () => 'a result of some length '.repeat(4),
  });
  return ChatClient.create(new ScriptedChatModel(script, { chunkSize: 4 }), { toolCallbacks: [lookup] });
}

async function viaEvents(chat) {
  let n = 0;
  for await (const _ of chat.prompt('go').stream().events()) n++;
  return n;
}
async function viaChunks(chat) {
  let n = 0;
  for await (const _ of toUIMessageChunks(chat.prompt('go').stream())) n++;
  return n;
}
async function viaSse(chat) {
  const body = uiMessageStreamResponse(chat.prompt('go').stream()).getStream();
  let bytes = 0;
  for await (const piece of body) bytes += piece.length;
  return bytes;
}

async function measure(fn, chat, iterations) {
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn(chat);
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

(async () => {
  const chat = client();
  const events = await viaEvents(chat);
  for (let i = 0; i < 20; i++) await Promise.all([viaEvents(chat), viaChunks(chat), viaSse(chat)]);
  const iterations = Number(process.argv[2] ?? 200);
  const totals = { events: 0, chunks: 0, sse: 0 };
  for (let pass = 0; pass < 5; pass++) {
    totals.events += await measure(viaEvents, chat, iterations);
    totals.chunks += await measure(viaChunks, chat, iterations);
    totals.sse += await measure(viaSse, chat, iterations);
  }
  const perEvent = (us) => us / (5 * iterations * events);
  const rows = Object.entries(totals).map(([name, us]) => ({
    path: name === 'events' ? 'events()' : name === 'chunks' ? 'toUIMessageChunks()' : 'uiMessageStreamResponse() SSE',
    'CPU µs/event': perEvent(us).toFixed(2),
    'ratio to events()': (us / totals.events).toFixed(2),
  }));
  console.log(`${events} events per call, ${5 * iterations} calls per path`);
  console.table(rows);
})();
