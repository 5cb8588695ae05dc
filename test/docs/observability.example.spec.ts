import { Injectable, type INestApplication, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHAT_MODEL, ChatClient, Tool, ToolParam } from 'nestjs-tool-calling';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import {
  AppModuleWithContent,
  AppModuleWithOwnTelemetry,
  AppModuleWithoutTelemetry,
  ToolOutcomeCounter,
} from '../../docs/examples/observability.example';
import { OtlpReceiver } from '../e2e/sample-app/support/otlp-receiver';
import { OtelTestSdk } from '../telemetry/support/otel-test-sdk';

@Injectable()
class WeatherTools {
  @Tool({ description: 'Current weather in a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: sunny`;
  }
}

const execFileAsync = promisify(execFile);

const weatherScript = () =>
  new ScriptedChatModel([{ toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }] }, 'Sunny.']);

async function appOf(module: Type): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [module], providers: [WeatherTools] })
    .overrideProvider(CHAT_MODEL)
    .useValue(weatherScript())
    .compile();
  return moduleRef.createNestApplication({ logger: false }).init();
}

describe('docs/examples/observability.example.ts', () => {
  it('startTracing() starts the Node SDK: the chat call’s spans reach the OTLP endpoint', async () => {
    const receiver = await OtlpReceiver.start();
    try {
      const env = {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
      };
      const script = join(__dirname, 'support', 'start-tracing.run.ts');
      const register = join(__dirname, '..', 'e2e', 'sample-app', 'support', 'register-sources.js');
      const { stderr } = await execFileAsync(process.execPath, ['-r', register, script], { env });
      expect(stderr).toBe('');
    } finally {
      await receiver.close();
    }
    expect(receiver.spans.map((s) => s.name).sort()).toEqual([
      'chat',
      'chat',
      'execute_tool getWeather',
      'invoke_agent',
    ]);
    const agent = receiver.spans.find((s) => s.name === 'invoke_agent')!;
    expect(receiver.spans.filter((s) => s.parentSpanId === agent.spanId)).toHaveLength(3);
  }, 60_000);

  describe('with the SDK registered', () => {
    let sdk: OtelTestSdk;
    beforeAll(() => {
      sdk = OtelTestSdk.start();
    });
    afterAll(() => sdk.shutdown());
    beforeEach(() => sdk.reset());

    it('AppModuleWithContent records the messages and the tool arguments', async () => {
      const app = await appOf(AppModuleWithContent);
      try {
        await app.get(ChatClient).prompt('Weather in Paris?').call().content();
      } finally {
        await app.close();
      }
      const spans = sdk.finished();
      expect(spans.find((s) => s.name === 'invoke_agent')!.attributes['gen_ai.input.messages']).toContain(
        'Weather in Paris?',
      );
      expect(spans.find((s) => s.name === 'execute_tool getWeather')!.attributes).toMatchObject({
        'gen_ai.tool.call.arguments': '{"city":"Paris"}',
        'gen_ai.tool.call.result': 'Paris: sunny',
      });
    });

    it('AppModuleWithoutTelemetry records nothing', async () => {
      const app = await appOf(AppModuleWithoutTelemetry);
      try {
        await app.get(ChatClient).prompt('Weather in Paris?').call().content();
      } finally {
        await app.close();
      }
      expect(sdk.finished()).toEqual([]);
    });

    it('AppModuleWithOwnTelemetry hands the calls to ToolOutcomeCounter instead', async () => {
      const app = await appOf(AppModuleWithOwnTelemetry);
      try {
        await app.get(ChatClient).prompt('Weather in Paris?').call().content();
        const counter = (app.get(ChatClient).toolCallingManager.telemetry as ToolOutcomeCounter).counts;
        expect(Object.fromEntries(counter)).toEqual({ 'getWeather:success': 1 });
      } finally {
        await app.close();
      }
      expect(sdk.finished()).toEqual([]);
    });
  });
});
