import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fixture } from '../../../models/support/provider-test.server';

/** The answer the model streams after the weather tool's result, word by word. */
export const ANSWER_WORDS = 'It is sunny in Paris today , with a light breeze from the west .'.split(' ');
/** How many words of the answer are sent before a held answer waits for its release. */
export const WORDS_BEFORE_GATE = 4;

function chunk(delta: object, finishReason: string | null = null): string {
  const body = {
    id: 'chatcmpl-gated',
    object: 'chat.completion.chunk',
    created: 1761900100,
    model: 'gated-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** A call of the sample's closeTicket tool (which waits for a person's approval), its arguments in two pieces. */
function closeTicketCall(id: number): string {
  const args = JSON.stringify({ id });
  const half = Math.ceil(args.length / 2);
  const call = (delta: object) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ index: 0, ...delta }],
  });
  return (
    chunk(
      call({ id: `call_close_${id}`, type: 'function', function: { name: 'closeTicket', arguments: '' } }),
    ) +
    chunk(call({ function: { arguments: args.slice(0, half) } })) +
    chunk(call({ function: { arguments: args.slice(half) } })) +
    chunk({}, 'tool_calls') +
    USAGE +
    'data: [DONE]\n\n'
  );
}

const USAGE =
  'data: {"id":"chatcmpl-gated","object":"chat.completion.chunk","created":1761900100,"model":"gated-model",' +
  '"choices":[],"usage":{"prompt_tokens":40,"completion_tokens":16,"total_tokens":56}}\n\n';

/**
 * An OpenAI-compatible chat completions server on loopback, streaming in the real wire format: a question gets the
 * weather tool's call (a recorded OpenAI stream), a tool result gets a text answer, word by word. While `hold()`
 * holds, an answer stops after its first words until `release()`: the test decides where "mid-answer" is.
 */
export class GatedModelServer {
  private gate?: { promise: Promise<void>; release: () => void };
  private readonly sockets = new Set<Socket>();
  /** Answers that reached the gate and wait. */
  waiting = 0;
  /** Answers whose client went away before their end (an aborted run). */
  abandoned = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<GatedModelServer> {
    const server = createServer();
    const instance = new GatedModelServer(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (piece: Buffer) => chunks.push(piece));
      request.on('end', () => {
        if (request.url?.startsWith('/gate')) return instance.control(request.url, response);
        void instance.answer(JSON.parse(Buffer.concat(chunks).toString('utf8')), response);
      });
    });
    server.on('connection', (socket: Socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return instance;
  }

  /** The base URL to give as OPENAI_BASE_URL. */
  url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** From now on, answers wait after their first words until `release()`. */
  hold(): void {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.gate = { promise, release };
  }

  release(): void {
    this.gate?.release();
    this.gate = undefined;
  }

  /** The base URL of the gate's controls, for a client in another process: POST hold, POST release, GET state. */
  gateUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gate`;
  }

  async close(): Promise<void> {
    this.release();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private control(url: string, response: ServerResponse): void {
    if (url === '/gate/hold') this.hold();
    if (url === '/gate/release') this.release();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ waiting: this.waiting, abandoned: this.abandoned }));
  }

  private async answer(
    body: { messages: { role: string; content?: unknown }[] },
    response: ServerResponse,
  ): Promise<void> {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const last = body.messages[body.messages.length - 1];
    if (last?.role !== 'tool') {
      const close = /close ticket (\d+)/i.exec(typeof last?.content === 'string' ? last.content : '');
      response.end(close ? closeTicketCall(Number(close[1])) : fixture('openai', 'weather-tool-call.sse'));
      return;
    }
    let closed = false;
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true;
        this.abandoned++;
      }
    });
    response.write(chunk({ role: 'assistant', content: '' }));
    for (const [index, word] of ANSWER_WORDS.entries()) {
      if (index === WORDS_BEFORE_GATE && this.gate) {
        this.waiting++;
        await this.gate.promise;
        this.waiting--;
      }
      if (closed) return;
      response.write(chunk({ content: index === 0 ? word : ` ${word}` }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    response.write(chunk({}, 'stop'));
    response.end(`${USAGE}data: [DONE]\n\n`);
  }
}
