// Compiled by `npm run typecheck`: every sample in docs/streaming.md comes from this file, and
// test/docs/streaming.example.spec.ts runs it with a scripted model (the @Sse() handler through HTTP).
import { Controller, Injectable, Query, Sse, type MessageEvent } from '@nestjs/common';
import { catchError, of, type Observable } from 'rxjs';
import { ChatClient, Tool, ToolParam, type ChatStreamEvent } from 'nestjs-tool-calling';

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city' })
  getWeather(@ToolParam({ description: 'City name' }) city: string): string {
    return `${city}: sunny, 25°C`;
  }
}

// --- The text as it arrives -----------------------------------------------------------------------------------
export async function printAnswer(
  chat: ChatClient,
  question: string,
  write: (text: string) => void,
): Promise<void> {
  for await (const text of chat.prompt(question).stream().content()) {
    write(text);
  }
}

// --- Every event ----------------------------------------------------------------------------------------------
export async function narrate(chat: ChatClient, question: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const event of chat.prompt(question).stream().events()) {
    switch (event.type) {
      case 'text-delta':
        break; // the text as it arrives, as printAnswer() shows it
      case 'round-finished':
        lines.push(`model request ${event.round} finished: ${event.finishReason}`);
        break;
      case 'tool-call-started':
        lines.push(`calling ${event.toolCall.name} ${event.toolCall.arguments}`);
        break;
      case 'tool-result':
        lines.push(`${event.toolResponse.name} → ${event.toolResponse.result}`);
        break;
      case 'tool-error':
        lines.push(`${event.toolResponse.name} failed: ${event.toolResponse.result}`);
        break;
      case 'finished':
        lines.push(
          `answer: ${event.text} (${event.rounds} requests, ${event.usage?.totalTokens ?? '?'} tokens)`,
        );
        break;
    }
  }
  return lines;
}

// --- Tool calls as they happen: arguments, progress, retries ------------------------------------------------
export async function watchTools(chat: ChatClient, question: string): Promise<string[]> {
  const lines: string[] = [];
  const argumentsSoFar = new Map<string, string>();
  for await (const event of chat.prompt(question).stream().events()) {
    switch (event.type) {
      case 'tool-input-delta': {
        const text = (argumentsSoFar.get(event.toolCallId) ?? '') + event.delta;
        argumentsSoFar.set(event.toolCallId, text);
        lines.push(`${event.toolName} arguments so far: ${text}`);
        break;
      }
      case 'tool-progress':
        if (event.preliminary !== undefined)
          lines.push(`${event.toolCall.name} preliminary: ${String(event.preliminary)}`);
        else
          lines.push(
            `${event.toolCall.name} ${event.progress ?? '?'}/${event.total ?? '?'} ${event.message ?? ''}`,
          );
        break;
      case 'tool-retry':
        lines.push(
          `${event.toolCall.name} attempt ${event.attempt} failed (${event.error}), retry in ${event.delayMs} ms`,
        );
        break;
      case 'tool-result':
        lines.push(`${event.toolResponse.name} → ${event.toolResponse.result}`);
        break;
    }
  }
  return lines;
}

// --- A Nest @Sse() handler ------------------------------------------------------------------------------------
/** What the page receives besides the library's events when the call fails. */
export interface StreamFailure {
  readonly type: 'error';
  readonly message: string;
}

@Controller('chat')
export class ChatStreamController {
  constructor(private readonly chat: ChatClient) {}

  @Sse('stream')
  stream(@Query('question') question: string): Observable<MessageEvent> {
    return this.chat
      .prompt(question)
      .stream()
      .sse()
      .pipe(
        catchError(() => {
          const failure: StreamFailure = { type: 'error', message: 'The assistant could not answer.' };
          return of({ data: failure });
        }),
      );
  }
}

// --- Stopping early -------------------------------------------------------------------------------------------
export async function firstToolCall(
  chat: ChatClient,
  question: string,
): Promise<ChatStreamEvent | undefined> {
  for await (const event of chat.prompt(question).stream().events()) {
    if (event.type === 'tool-call-started') return event; // leaving the loop aborts the model and the tools
  }
  return undefined;
}

export async function answerWithin(chat: ChatClient, question: string, ms: number): Promise<string> {
  let answer = '';
  for await (const text of chat.prompt(question).signal(AbortSignal.timeout(ms)).stream().content()) {
    answer += text;
  }
  return answer;
}
