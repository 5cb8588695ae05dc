// The AI SDK's own clients (`ai` v7, or `ai-v6`), framework-free, against the app under test: run by the e2e
// spec as a child process (the `ai` package is ES modules only, which Jest's CommonJS runtime cannot load).
//   node ai-sdk-client.mjs <package: ai | ai-v6> <base url> <scenario,scenario…>
// Prints one JSON object, by scenario: what the client ended with (messages, status, error, what its callbacks saw).
const [, , packageName, baseUrl, scenarioList] = process.argv;
let scenario = '';
const ai = await import(packageName);
const {
  AbstractChat,
  DefaultChatTransport,
  readUIMessageStream,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
} = ai;

/** The smallest `ChatState`: what `@ai-sdk/react`'s `Chat` keeps in React state, kept in fields. */
class PlainChatState {
  status = 'ready';
  error = undefined;
  messages;
  constructor(messages = []) {
    this.messages = messages;
  }
  pushMessage = (message) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index, message) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)];
  };
  snapshot = (thing) => structuredClone(thing);
}

class PlainChat extends AbstractChat {
  constructor({ messages, ...init }) {
    super({ ...init, state: new PlainChatState(messages) });
  }
  get messages() {
    return this.state.messages;
  }
}

const headers = { authorization: 'Bearer token-alice' };
let seen;

function newChat(options = {}) {
  return new PlainChat({
    id: options.id ?? `chat-${scenario}-${packageName}`,
    messages: options.messages,
    transport: new DefaultChatTransport({
      api: `${baseUrl}/api/${options.path ?? 'chat'}`,
      headers,
      body: options.body,
    }),
    sendAutomaticallyWhen: (options) =>
      lastAssistantMessageIsCompleteWithApprovalResponses(options) ||
      lastAssistantMessageIsCompleteWithToolCalls(options),
    onToolCall: options.onToolCall,
    onFinish: (event) =>
      seen.finishes.push({
        isAbort: event.isAbort,
        isError: event.isError,
        isDisconnect: event.isDisconnect,
      }),
    onError: (error) => seen.errors.push(error.message),
    onData: (part) => seen.data.push(part),
  });
}

/** Waits (bounded: 10 s) until `check()` holds. */
async function until(check, what) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const toolParts = (chat) => chat.messages.flatMap((m) => m.parts.filter((p) => p.type.startsWith('tool-')));

async function decide(approved) {
  const chat = newChat();
  await chat.sendMessage({ text: 'please close 7' });
  const asked = toolParts(chat).find((p) => p.state === 'approval-requested');
  const before = structuredClone(chat.messages);
  await chat.addToolApprovalResponse({
    id: asked.approval.id,
    approved,
    ...(approved ? {} : { reason: 'not today' }),
  });
  await until(
    () => chat.status === 'ready' && toolParts(chat).every((p) => p.state.startsWith('output-')),
    'the answer',
  );
  return { before, messages: chat.messages, status: chat.status };
}

const scenarios = {
  async text() {
    const chat = newChat();
    await chat.sendMessage({ text: 'hello' });
    return { messages: chat.messages, status: chat.status };
  },
  async tool() {
    const chat = newChat();
    await chat.sendMessage({ text: 'weather in Oslo' });
    return { messages: chat.messages, status: chat.status };
  },
  async clientTool() {
    const calls = [];
    const chat = newChat({
      onToolCall: ({ toolCall }) => {
        calls.push(toolCall);
        // The browser runs the tool: its output goes back with the next request.
        void chat.addToolOutput({
          tool: toolCall.toolName,
          toolCallId: toolCall.toolCallId,
          output: 'Lisbon',
        });
      },
    });
    await chat.sendMessage({ text: 'where am I?' });
    await until(
      () => chat.status === 'ready' && chat.messages.at(-1).parts.some((p) => p.type === 'text'),
      'the answer',
    );
    return { messages: chat.messages, status: chat.status, calls };
  },
  async failingTool() {
    const chat = newChat();
    await chat.sendMessage({ text: 'read the disk' });
    return { messages: chat.messages, status: chat.status };
  },
  approve: () => decide(true),
  deny: () => decide(false),
  async abort() {
    const chat = newChat();
    const sent = chat.sendMessage({ text: 'the report please' });
    await until(() => toolParts(chat).some((p) => p.state === 'input-available'), 'the tool call');
    await chat.stop();
    await sent;
    return { messages: chat.messages, status: chat.status };
  },
  async error() {
    const chat = newChat();
    await chat.sendMessage({ text: 'explode' });
    return { messages: chat.messages, status: chat.status, error: chat.error?.message };
  },
  async history() {
    // The client claims an earlier exchange; what the model reads depends on the server's history setting.
    const chat = newChat({
      messages: [
        { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'earlier question' }] },
        {
          id: 'a0',
          role: 'assistant',
          parts: [{ type: 'step-start' }, { type: 'text', text: 'earlier answer' }],
        },
      ],
    });
    await chat.sendMessage({ text: 'hello again' });
    return { messages: chat.messages };
  },
  async fedReader() {
    // readUIMessageStream over the chunks the transport reads from the response.
    const transport = new DefaultChatTransport({
      api: `${baseUrl}/api/fed`,
      headers,
      body: { script: 'streamedTool' },
    });
    const stream = await transport.sendMessages({
      chatId: 'fed',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'draw' }] }],
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
    });
    const snapshots = [];
    for await (const message of readUIMessageStream({ stream })) snapshots.push(structuredClone(message));
    return { snapshots };
  },
  async fedChat() {
    const chat = newChat({ path: 'fed', body: { script: 'streamedTool' } });
    await chat.sendMessage({ text: 'draw' });
    return { messages: chat.messages, status: chat.status };
  },
  async fedAbort() {
    const chat = newChat({ path: 'fed', body: { script: 'streamedTool', abortAfter: 3 } });
    await chat.sendMessage({ text: 'draw' });
    return { messages: chat.messages, status: chat.status };
  },
  async badBody() {
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'x',
        messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 5 }] }],
      }),
    });
    return { status: response.status, body: await response.json() };
  },
  async headers() {
    const response = await fetch(`${baseUrl}/api/chat`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'h',
        messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
      }),
    });
    await response.text();
    return { headers: Object.fromEntries(response.headers) };
  },
};

const results = {};
for (scenario of scenarioList.split(',')) {
  seen = { finishes: [], errors: [], data: [] };
  try {
    results[scenario] = { ...(await scenarios[scenario]()), seen };
  } catch (error) {
    results[scenario] = { failed: String(error?.stack ?? error), seen };
  }
}
process.stdout.write(JSON.stringify(results));
