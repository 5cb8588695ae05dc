// Run by test/docs/observability.example.spec.ts in a plain Node process (the OTLP exporter loads its HTTP agent
// with a dynamic import, which Jest's CommonJS runtime refuses): startTracing(), one chat call, then shutdown.
import { ChatClient, FunctionToolCallback } from 'nestjs-tool-calling';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { startTracing } from '../../../docs/examples/observability.example';

async function main(): Promise<void> {
  const sdk = startTracing();
  const weather = FunctionToolCallback.from({
    name: 'getWeather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    fn: ({ city }: { city?: string }) => `${city}: sunny`,
  });
  const model = new ScriptedChatModel([
    { toolCalls: [{ name: 'getWeather', arguments: { city: 'Paris' } }] },
    'Sunny.',
  ]);
  // A client made by hand records when given the OpenTelemetry telemetry (the module's client has it by default).
  const telemetry = new OpenTelemetryChatTelemetry();
  await ChatClient.create(model, { toolCallbacks: [weather] }, { toolCallingManager: { telemetry } })
    .prompt('Weather?')
    .call()
    .content();
  await sdk.shutdown();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
