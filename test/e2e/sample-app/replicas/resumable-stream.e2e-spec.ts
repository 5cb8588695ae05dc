import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describeIf } from '../../../support/describe-if';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../../../support/redis-server';
import { NO_REDIS_SERVER } from '../../../support/redis-suite';
import { signIn } from '../support-desk.app';
import { ANSWER_WORDS, GatedModelServer, WORDS_BEFORE_GATE } from './gated-model.server';
import { startReplica, type Replica } from './replica';

interface Message {
  role: string;
  parts: { type: string; text?: string; [key: string]: unknown }[];
}

const textOf = (message: Message): string => message.parts.map((part) => part.text ?? '').join('');
/** What two answers to the same question share: everything but the ids a run makes. */
const comparable = (message: Message) => ({ role: message.role, parts: message.parts });

describeIf(REDIS_SERVER, NO_REDIS_SERVER)(
  'sample app: resumable UI message streams across two replicas',
  () => {
    let redis: RunningRedis;
    let model: GatedModelServer;
    let a: Replica;
    let b: Replica;
    let alice: string;
    let bob: string;

    /** The AI SDK's client (resume-client.mjs, in its own process: `ai` is ES modules only) in one scenario. */
    const client = (scenario: 'cut' | 'stop'): Promise<any> =>
      new Promise((resolve, reject) => {
        execFile(
          process.execPath,
          [join(__dirname, 'resume-client.mjs'), scenario, a.url, b.url, model.gateUrl(), alice, bob],
          { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
        );
      });

    beforeAll(async () => {
      redis = await startRedis();
      model = await GatedModelServer.start();
      const env = {
        REDIS_URL: redis.url,
        SUPPORT_DB_PATH: ':memory:',
        OPENAI_BASE_URL: model.url(),
        OPENAI_MODEL: 'gated-model',
      };
      a = await startReplica(env);
      b = await startReplica(env);
      alice = await signIn(a.url, 'alice');
      bob = await signIn(a.url, 'bob');
    }, 400_000);

    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await model?.close();
      await redis?.stop();
    });

    it('a stream cut mid-answer on A is resumed on B: the assembled message equals an uncut run', async () => {
      const { uncut, before, resumed, replayed } = await client('cut');
      expect(textOf(uncut)).toBe(ANSWER_WORDS.join(' '));
      expect(uncut.parts.filter((part: object) => 'toolCallId' in part)).toEqual([
        expect.objectContaining({
          type: 'tool-getWeather',
          state: 'output-available',
          input: { city: 'Paris' },
        }),
      ]);
      // Cut mid-answer: A's client had the tool call and the first words only.
      expect(before.filter((chunk: { type: string }) => chunk.type === 'text-delta')).toHaveLength(1);
      expect(comparable(resumed)).toEqual(comparable(uncut));
      // B replayed what A's client had, from the first chunk, then the rest A's run went on to write.
      expect(replayed.slice(0, before.length)).toEqual(before);
      expect(replayed.at(-1)).toMatchObject({ type: 'finish' });
    }, 90_000);

    it('a stop sent to B ends the run on A: its client reads the abort, its model request is cancelled', async () => {
      const { byBob, bobResumes, byAlice, rest, abandoned, message, again } = await client('stop');
      // Chat ids are their user's: bob can neither stop nor resume alice's.
      expect(byBob).toEqual({ stopped: false });
      expect(bobResumes).toBe(204);
      expect(byAlice).toEqual({ stopped: true });
      expect(rest.at(-1)).toMatchObject({ type: 'abort' });
      expect(abandoned).toBe(1);
      expect(textOf(message)).toBe(ANSWER_WORDS.slice(0, WORDS_BEFORE_GATE).join(' '));
      expect(again).toEqual({ stopped: false });
    }, 90_000);

    it('resume answers 204 when the chat has no stream, 400 for a bad id, 401 without a token', async () => {
      const none = await fetch(`${b.url}/api/chat/${randomUUID()}/stream`, {
        headers: { authorization: alice },
      });
      expect(none.status).toBe(204);
      const bad = await fetch(`${b.url}/api/chat/${'x'.repeat(200)}/stream`, {
        headers: { authorization: alice },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        message: 'a stream id (the chat id) is 1 to 128 letters, digits, "_" or "-"',
      });
      expect((await fetch(`${b.url}/api/chat/${randomUUID()}/stream`)).status).toBe(401);
    });

    it('POST /api/ag-ui runs the chat for an AG-UI client, behind the same sign-in', async () => {
      const input = {
        threadId: randomUUID(),
        runId: randomUUID(),
        state: {},
        messages: [{ id: 'm1', role: 'user', content: 'What is the weather in Paris?' }],
        tools: [],
        context: [],
        forwardedProps: {},
      };
      const post = (headers: Record<string, string>) =>
        fetch(`${a.url}/api/ag-ui`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
          body: JSON.stringify(input),
        });
      expect((await post({})).status).toBe(401);
      const response = await post({ authorization: alice });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toContain('"type":"RUN_STARTED"');
      expect(body).toContain('"type":"TOOL_CALL_START"');
      expect(body).toContain('"type":"RUN_FINISHED"');
    });
  },
);
