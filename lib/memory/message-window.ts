import type { Message } from '../chat/model/messages';

/**
 * The last `max` messages, cut where no exchange is split: never a tool result without the assistant message that
 * asked for it (the window then starts after it). System messages are kept, before the others.
 */
export function messageWindow(messages: readonly Message[], max: number): Message[] {
  const system = messages.filter((m) => m.role === 'system');
  const others = messages.filter((m) => m.role !== 'system');
  let start = Math.max(0, others.length - Math.max(0, max - system.length));
  while (start < others.length && others[start].role === 'tool') start++;
  return [...system, ...others.slice(start)];
}
