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
    if (toolMessages < ROUNDS)
      return { text: TEXT.slice(0, 100), toolCalls: [{ name: 'lookup', arguments: { q: 'x' } }] };
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

/**
 * CPU µs per event of each path, over `passes` × `iterations` calls per path, interleaved: the figures of the
 * report's "UI stream" row (bench/state/run.js) and of this script.
 */
async function measureUiStream(iterations = 200, passes = 5) {
  const chat = client();
  const events = await viaEvents(chat);
  for (let i = 0; i < 20; i++) await Promise.all([viaEvents(chat), viaChunks(chat), viaSse(chat)]);
  const totals = { events: 0, chunks: 0, sse: 0 };
  for (let pass = 0; pass < passes; pass++) {
    totals.events += await measure(viaEvents, chat, iterations);
    totals.chunks += await measure(viaChunks, chat, iterations);
    totals.sse += await measure(viaSse, chat, iterations);
  }
  const perEvent = (us) => us / (passes * iterations * events);
  return {
    eventsPerCall: events,
    calls: passes * iterations,
    eventsUs: perEvent(totals.events),
    chunksUs: perEvent(totals.chunks),
    sseUs: perEvent(totals.sse),
    chunksRatio: totals.chunks / totals.events,
    sseRatio: totals.sse / totals.events,
  };
}

module.exports = { measureUiStream };

if (require.main === module) {
  (async () => {
    const result = await measureUiStream(Number(process.argv[2] ?? 200));
    const rows = [
      ['events()', result.eventsUs, 1],
      ['toUIMessageChunks()', result.chunksUs, result.chunksRatio],
      ['uiMessageStreamResponse() SSE', result.sseUs, result.sseRatio],
    ].map(([path, us, ratio]) => ({
      path,
      'CPU µs/event': us.toFixed(2),
      'ratio to events()': ratio.toFixed(2),
    }));
    console.log(`${result.eventsPerCall} events per call, ${result.calls} calls per path`);
    console.table(rows);
  })();
}
