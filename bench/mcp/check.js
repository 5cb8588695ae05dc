'use strict';
const { toolsCall, toolsList } = require('./protocol');

const CHECK_TIMEOUT_MS = 10_000;

/**
 * Before a server is measured on a revision, it must show that it serves the tools: `tools/list` gives every tool
 * by name with its two arguments, `tools/call` runs the tool and returns its text, arguments that fail the schema
 * give an `isError` result without the tool's text, and an unknown tool is refused. A server that answers fast but
 * wrongly is not a result. Resolves to `undefined` when all hold, or the first that does not, as text.
 */
async function checkServer(url, protocol, tools) {
  const listed = await post(url, toolsList(protocol, 1));
  const names = listed.result?.tools?.map((tool) => tool.name);
  if (!Array.isArray(names)) return `tools/list: no tools in ${snippet(listed)}`;
  const missing = tools.filter((tool) => !names.includes(tool.name));
  if (names.length !== tools.length || missing.length > 0)
    return `tools/list: ${names.length} tools, ${missing.length} of the ${tools.length} expected missing`;
  const withoutArgs = listed.result.tools.find(
    (tool) => !tool.inputSchema?.properties?.city || !tool.inputSchema?.properties?.days,
  );
  if (withoutArgs) return `tools/list: ${withoutArgs.name} lacks its city and days arguments`;

  const tool = measuredTool(tools);
  const expected = tool.fn({ city: 'Lyon', days: 5 });
  const called = await post(url, toolsCall(protocol, 2, tool.name, { city: 'Lyon', days: 5 }));
  const text = called.result?.content?.[0]?.text;
  if (called.result?.isError || text !== expected)
    return `tools/call: expected "${expected}", got ${snippet(called)}`;

  const refused = await post(url, toolsCall(protocol, 3, tool.name, { city: '', days: 20 }));
  if (!refused.error && !(refused.result?.isError && !JSON.stringify(refused.result).includes('sunny')))
    return `tools/call with invalid arguments: not refused, got ${snippet(refused)}`;

  const unknown = await post(url, toolsCall(protocol, 4, 'no_such_tool', { city: 'Lyon' }));
  if (!unknown.error && !unknown.result?.isError)
    return `tools/call of an unknown tool: not refused, got ${snippet(unknown)}`;
  return undefined;
}

/** The tool the load calls: the middle one, neither first nor last of any list it is looked up in. */
function measuredTool(tools) {
  return tools[tools.length >> 1];
}

/**
 * The exact response body of a request, asked twice (the same both times, else `undefined`: autocannon then checks
 * the status only), and whether the server answered with JSON or an SSE stream.
 */
async function steadyBody(url, request) {
  const first = await exchange(url, request);
  const second = await exchange(url, request);
  return {
    body: first.body === second.body ? first.body : undefined,
    format: first.type.startsWith('text/event-stream') ? 'SSE' : 'JSON',
  };
}

/** The JSON-RPC answer, from a JSON body or from the last `data:` line of an SSE stream. */
async function post(url, request) {
  const { body, type } = await exchange(url, request);
  const json = type.startsWith('text/event-stream')
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .pop()
    : body;
  try {
    return JSON.parse(json);
  } catch {
    return { unparsed: body.slice(0, 300) };
  }
}

async function exchange(url, request) {
  const response = await fetch(url, { ...request, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  const body = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok)
    return {
      type: 'application/json',
      body: JSON.stringify({ httpStatus: response.status, body: body.slice(0, 300) }),
    };
  return { type, body };
}

function snippet(value) {
  return JSON.stringify(value).slice(0, 300);
}

module.exports = { checkServer, measuredTool, steadyBody };
