import type {
  AssistantMessage,
  Message,
  SystemMessage,
  ToolResponse,
  UserMessage,
} from '../chat/model/messages';

/** How a flat wire format (OpenAI's) writes each kind of message. */
export interface FlatMapping<T> {
  readonly text: (message: SystemMessage | UserMessage) => T;
  readonly assistant: (message: AssistantMessage) => readonly T[];
  readonly result: (response: ToolResponse) => T;
  /** Items after a run of tool messages (all the results of one model message), before the next message. */
  readonly afterResults?: (responses: readonly ToolResponse[]) => readonly T[];
}

/** The conversation as a flat list of items: one per text message, the assistant's, one per tool result. */
export function flatConversation<T>(messages: readonly Message[], mapping: FlatMapping<T>): T[] {
  const items: T[] = [];
  let results: ToolResponse[] = [];
  const endResults = () => {
    if (results.length > 0 && mapping.afterResults) items.push(...mapping.afterResults(results));
    results = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      results.push(...message.responses);
      items.push(...message.responses.map(mapping.result));
      continue;
    }
    endResults();
    if (message.role === 'assistant') items.push(...mapping.assistant(message));
    else items.push(mapping.text(message));
  }
  endResults();
  return items;
}

/** How a format of alternating turns (Anthropic's, Gemini's) writes each kind of message as parts of a turn. */
export interface TurnMapping<R extends string, P> {
  /** The role of the model's turns (`assistant`, `model`); the others are `user`. */
  readonly modelRole: R;
  readonly user: (message: UserMessage) => P[];
  readonly assistant: (message: AssistantMessage) => P[];
  readonly results: (responses: readonly ToolResponse[]) => P[];
}

/** A conversation of turns: the system messages apart, joined; consecutive parts of one role merged into one turn. */
export interface Turns<R extends string, P> {
  readonly system: string | undefined;
  readonly turns: { role: R | 'user'; parts: P[] }[];
}

/** The conversation as turns, empty turns left out (both providers refuse them). */
export function turnConversation<R extends string, P>(
  messages: readonly Message[],
  mapping: TurnMapping<R, P>,
): Turns<R, P> {
  const system: string[] = [];
  const turns: { role: R | 'user'; parts: P[] }[] = [];
  const append = (role: R | 'user', parts: P[]) => {
    if (parts.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else turns.push({ role, parts });
  };
  for (const message of messages) {
    if (message.role === 'system') {
      if (message.content) system.push(message.content);
    } else if (message.role === 'user') append('user', mapping.user(message));
    else if (message.role === 'assistant') append(mapping.modelRole, mapping.assistant(message));
    else append('user', mapping.results(message.responses));
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, turns };
}
