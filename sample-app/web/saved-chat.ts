import type { UIMessage } from 'ai';

// The conversation of this tab survives a reload: its id and its messages, per user, in sessionStorage. A reload in
// the middle of an answer resumes it (useChat's resume: the server replays the recorded stream, which replaces the
// partial message saved here).

interface Saved {
  id: string;
  messages: UIMessage[];
  /** The latest durable run of the conversation, when the server runs chats as durable runs. */
  runId?: string;
}

const key = (user: string): string => `chat:${user}`;

export function loadChat(user: string): Saved {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key(user)) ?? 'null') as Saved | null;
    if (saved && typeof saved.id === 'string' && Array.isArray(saved.messages)) return saved;
  } catch {
    // A damaged entry starts a new conversation.
  }
  return { id: crypto.randomUUID(), messages: [] };
}

export function saveChat(user: string, saved: Saved): void {
  sessionStorage.setItem(key(user), JSON.stringify(saved));
}

export function forgetChat(user: string): void {
  sessionStorage.removeItem(key(user));
}
