import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { OtlpReceiver } from './support/otlp-receiver';
import type { ReceivedSpan } from './support/otlp-protobuf';

const ROOT = join(__dirname, '..', '..', '..');
const SERVER = 2;

/** The sample app as `npm start` runs it, from its sources, with the environment given. */
async function startSampleApp(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(OPENAI|ANTHROPIC|TOOL_CALLING|OTEL)_/.test(key)),
  );
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'support', 'register-sources.js'), join(ROOT, 'sample-app', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...clean, PORT: '0', HOST: '127.0.0.1', SUPPORT_DB_PATH: ':memory:', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sample app did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /open (http:\/\/\S+?)\/ /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the sample app exited (${code}):\n${output}`)));
  });
  return { url, child };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The span's ancestors, nearest first. */
function ancestors(span: ReceivedSpan, spans: readonly ReceivedSpan[]): ReceivedSpan[] {
  const result: ReceivedSpan[] = [];
  let current: ReceivedSpan | undefined = span;
  while (current?.parentSpanId) {
    current = spans.find((s) => s.spanId === current!.parentSpanId);
    if (current) result.push(current);
  }
  return result;
}

describe.each(['http/json', 'http/protobuf'])(
  'sample app with OTEL_EXPORTER_OTLP_ENDPOINT set (OTEL_EXPORTER_OTLP_PROTOCOL=%s)',
  (protocol) => {
    let receiver: OtlpReceiver;
    let app: { url: string; child: ChildProcess };

    beforeAll(async () => {
      receiver = await OtlpReceiver.start();
      app = await startSampleApp({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        OTEL_BSP_SCHEDULE_DELAY: '50',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
      });
    }, 90_000);
    afterAll(async () => {
      if (app) await stop(app.child);
      await receiver?.close();
    });

    /** The `Authorization` header of a demo user (the sample's /chat routes need a token). */
    const signIn = async (): Promise<string> => {
      const response = await fetch(`${app.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: 'demo' }),
      });
      return `Bearer ${((await response.json()) as { access_token: string }).access_token}`;
    };

    it('sends the HTTP request’s span with the chat and tool spans under it', async () => {
      const response = await fetch(`${app.url}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: await signIn() },
        body: JSON.stringify({ question: 'What is the weather in Paris?' }),
      });
      expect(response.status).toBe(201);
      await receiver.waitFor((spans) => spans.some((s) => s.name === 'execute_tool getWeather'));
      await receiver.waitFor((spans) => spans.some((s) => s.name === 'invoke_agent'));
      const spans = receiver.spans;
      expect([...receiver.contentTypes]).toEqual([
        protocol === 'http/json' ? 'application/json' : 'application/x-protobuf',
      ]);

      const agent = spans.find((s) => s.name === 'invoke_agent')!;
      const root = ancestors(agent, spans).pop()!;
      expect(root).toMatchObject({ kind: SERVER, scope: '@opentelemetry/instrumentation-http' });
      expect(httpPathOf(root)).toMatch(/\/chat/);
      expect(agent.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': 'offline',
        'gen_ai.request.model': 'offline',
      });
      const children = spans.filter((s) => s.parentSpanId === agent.spanId).map((s) => s.name);
      expect(children).toEqual(expect.arrayContaining(['chat offline', 'execute_tool getWeather']));
      const tool = spans.find((s) => s.name === 'execute_tool getWeather')!;
      expect(tool.attributes).toMatchObject({
        'gen_ai.tool.name': 'getWeather',
        'gen_ai.tool.type': 'function',
        'tool_calling.tool.outcome': 'success',
      });
      expect(tool.scope).toBe('nestjs-tool-calling');
      // No content by default: neither the question nor the tenant from the ToolContext.
      const all = JSON.stringify(spans.filter((s) => s.scope === 'nestjs-tool-calling'));
      expect(all).not.toContain('Paris');
      expect(all).not.toContain('acme');
    });

    it('nests a streamed call under its SSE request too', async () => {
      const response = await fetch(
        `${app.url}/chat/stream?question=${encodeURIComponent('Weather in Rome?')}`,
        { headers: { authorization: await signIn() } },
      );
      expect(await response.text()).toContain('"type":"finished"');
      await receiver.waitFor((spans) => spans.filter((s) => s.name === 'invoke_agent').length === 2);
      const agent = receiver.spans.filter((s) => s.name === 'invoke_agent')[1];
      expect(agent.attributes['tool_calling.streaming']).toBe(true);
      const root = ancestors(agent, receiver.spans).pop()!;
      expect(root.kind).toBe(SERVER);
      expect(httpPathOf(root)).toMatch(/\/chat\/stream/);
    });
  },
);

/**
 * The route or path of an HTTP server span. Nest 11 (Express 4) gives the route; Nest 12 (Express 5) leaves the
 * span's name as the bare method, so the path is read from the request's URL attributes.
 */
function httpPathOf(span: { name: string; attributes: Record<string, unknown> }): string {
  const { attributes } = span;
  const value = attributes['http.route'] ?? attributes['url.path'] ?? attributes['http.target'] ?? span.name;
  return String(value);
}
