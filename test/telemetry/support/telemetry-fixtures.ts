import { trace } from '@opentelemetry/api';
import {
  ChatClient,
  FunctionToolCallback,
  type ToolContext,
  type ToolCallingManagerOptions,
  type ChatClientOptions,
} from 'nestjs-tool-calling';
import { OpenTelemetryChatTelemetry } from 'nestjs-tool-calling/opentelemetry';
import { ScriptedChatModel, type ScriptedResponse } from 'nestjs-tool-calling/testing';
import { usage } from '../../chat/fixtures';

/** A ToolContext value that must never appear in telemetry. */
export const CONTEXT_SECRET = 'ctx-secret-7f3a91';

const CITY = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;

/** getWeather and getTime succeed; lookupTicket throws a TypeError. Each reads the ToolContext. */
export function supportTools(): FunctionToolCallback[] {
  return [
    FunctionToolCallback.from({
      name: 'getWeather',
      description: 'Current weather of a city',
      inputSchema: CITY,
      fn: (input: { city: string }, context: ToolContext) =>
        `${input.city}: sunny (${String(context.get('apiKey')).length})`,
    }),
    FunctionToolCallback.from({
      name: 'getTime',
      description: 'Local time of a city',
      inputSchema: CITY,
      fn: (input: { city: string }, _context: ToolContext) => `${input.city}: 10:00`,
    }),
    FunctionToolCallback.from({
      name: 'lookupTicket',
      description: 'A ticket by number',
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      fn: (_input: { id: number }, _context: ToolContext): string => {
        throw new TypeError('ticket store unreachable');
      },
    }),
  ];
}

/** Two rounds of tool calls (two tools, then the failing one), then the answer. */
export function twoRoundScript(): ScriptedResponse[] {
  return [
    {
      toolCalls: [
        { id: 'call-1', name: 'getWeather', arguments: { city: 'Paris' } },
        { id: 'call-2', name: 'getTime', arguments: { city: 'Paris' } },
      ],
      usage: usage(100, 20),
      metadata: { id: 'resp-1', model: 'gpt-test-2026-01' },
    },
    {
      toolCalls: [{ id: 'call-3', name: 'lookupTicket', arguments: { id: 42 } }],
      usage: usage(150, 10),
      metadata: { id: 'resp-2', model: 'gpt-test-2026-01' },
    },
    {
      text: 'Sunny in Paris at 10:00; the ticket store is down.',
      usage: usage(200, 15),
      metadata: { id: 'resp-3', model: 'gpt-test-2026-01' },
    },
  ];
}

export function supportClient(
  script: ScriptedResponse[] = twoRoundScript(),
  manager: ToolCallingManagerOptions = {},
): ChatClient {
  return ChatClient.create(
    new ScriptedChatModel(script),
    {
      toolCallbacks: supportTools(),
      options: { model: 'gpt-test' },
      toolContext: { apiKey: CONTEXT_SECRET },
    },
    traced(manager),
  );
}

/** Client options that record through OpenTelemetry, as the module's client does by default. */
export function traced(manager: ToolCallingManagerOptions = {}): ChatClientOptions {
  return { toolCallingManager: { telemetry: new OpenTelemetryChatTelemetry(), ...manager } };
}

/** Runs `fn` inside an active span standing for the HTTP request, as an instrumented app would. */
export function inRequestSpan<T>(fn: () => Promise<T>): Promise<T> {
  return trace.getTracer('test-http').startActiveSpan('GET /chat', async (span) => {
    try {
      return await fn();
    } finally {
      span.end();
    }
  });
}
