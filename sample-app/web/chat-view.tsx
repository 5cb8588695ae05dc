import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { authHeaders, stopAnswer } from './api';
import { Message } from './message-parts';
import { RunStatus, runAwareFetch } from './run-status';
import { loadChat, saveChat } from './saved-chat';

const HINTS = [
  'What is the weather in Paris and Rome?',
  'List my open tickets',
  'Open a new ticket about "Coffee machine leaks"',
  'Close ticket 1',
  'Export my tickets as CSV',
  'Who am I?',
];

/**
 * The conversation, on the AI SDK's own client: `useChat` posts to /api/chat (the UI message stream), resumes a
 * running answer after a reload (GET /api/chat/:id/stream), sends approvals back with the next request, and stops
 * an answer on the server (POST /api/chat/:id/stop), whichever replica runs it.
 */
export function ChatView({ user, onSignedOut }: { user: string; onSignedOut: () => void }) {
  const saved = useMemo(() => loadChat(user), [user]);
  const [runId, setRunId] = useState(saved.runId);
  const transport = useMemo(
    () =>
      new DefaultChatTransport({ api: '/api/chat', headers: authHeaders, fetch: runAwareFetch(setRunId) }),
    [],
  );
  const { messages, sendMessage, status, error, addToolApprovalResponse } = useChat({
    id: saved.id,
    messages: saved.messages,
    transport,
    resume: true,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const [question, setQuestion] = useState('');
  const [stopping, setStopping] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const busy = status === 'submitted' || status === 'streaming';

  useEffect(() => {
    saveChat(user, { id: saved.id, messages, ...(runId && { runId }) });
  }, [user, saved.id, messages, runId]);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, status]);
  useEffect(() => {
    if (!busy) setStopping(false);
  }, [busy]);
  useEffect(() => {
    if (error?.message.includes('401')) onSignedOut();
  }, [error, onSignedOut]);

  const ask = (text: string) => {
    if (!text.trim() || busy) return;
    setQuestion('');
    void sendMessage({ text: text.trim() });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(question);
  };
  const stop = () => {
    setStopping(true);
    // The server ends the answer (with an abort chunk): the stream closes by itself.
    void stopAnswer(saved.id);
  };

  return (
    <section className="chat" aria-label="Conversation">
      <ol id="messages" aria-live="polite">
        {messages.length === 0 ? (
          <li className="message welcome">
            <strong>Welcome, {user}.</strong> Ask about your tickets or the weather, or pick a suggestion
            below. The model answers with the app&apos;s tools; a call that changes something (closing a
            ticket) waits for your approval.
          </li>
        ) : null}
        {messages.map((message) => (
          <Message
            key={message.id}
            message={message}
            decide={(id, approved) => void addToolApprovalResponse({ id, approved })}
          />
        ))}
        {status === 'submitted' ? <li className="message assistant pending">…</li> : null}
        {error ? (
          <li className="message error" role="alert">
            Error: {error.message}
          </li>
        ) : null}
      </ol>
      {runId ? <RunStatus key={runId} runId={runId} /> : null}
      <div ref={end} />
      <div className="composer">
        <p className="hints">
          {HINTS.map((hint) => (
            <button key={hint} type="button" className="hint" disabled={busy} onClick={() => ask(hint)}>
              {hint}
            </button>
          ))}
        </p>
        <form id="ask" autoComplete="off" onSubmit={submit}>
          <input
            id="question"
            name="question"
            type="text"
            aria-label="Question"
            placeholder="Ask about tickets or the weather"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
          />
          {busy ? (
            <button id="stop" type="button" className="stop" disabled={stopping} onClick={stop}>
              {stopping ? 'Stopping…' : 'Stop'}
            </button>
          ) : (
            <button id="send" type="submit">
              Ask
            </button>
          )}
        </form>
      </div>
    </section>
  );
}
