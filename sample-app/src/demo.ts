import type { ChatAnswer } from './chat/chat.controller';

/** Demo users (password `demo`): alice and bob work for acme, alice as admin, bob as agent; carol for globex. */
const QUESTIONS: ReadonlyArray<{ question: string; user: string }> = [
  { question: 'What is the weather in Paris and Rome?', user: 'alice' },
  { question: 'List my open tickets', user: 'alice' },
  { question: 'Open a new ticket about "Coffee machine leaks"', user: 'alice' },
  { question: 'Close ticket 4', user: 'alice' },
  { question: 'Export my tickets as CSV', user: 'carol' },
  // The same request from an agent and from an admin: the agent's model is not offered closeTicket.
  { question: 'Close ticket 1', user: 'bob' },
  { question: 'Close ticket 1', user: 'alice' },
];

interface Session {
  readonly user: string;
  readonly label: string;
  readonly headers: Record<string, string>;
}

/** Asks the running app a few questions over HTTP, as a client would, and prints each conversation. */
export async function runDemo(baseUrl: string, print: (line: string) => void = console.log): Promise<void> {
  const sessions = new Map<string, Session>();
  const sessionOf = async (user: string): Promise<Session> => {
    let session = sessions.get(user);
    if (!session) sessions.set(user, (session = await signIn(baseUrl, user)));
    return session;
  };

  const model = await getJson<{ model: string }>(baseUrl, '/chat/model', await sessionOf('alice'));
  print(`Support desk sample — model: ${model.model}\n`);
  for (const user of ['alice', 'bob']) {
    const session = await sessionOf(user);
    const { tools } = await getJson<{ tools: string[] }>(baseUrl, '/chat/tools', session);
    print(`Tools offered for ${session.label}: ${tools.join(', ')}`);
  }
  print('');
  for (const { question, user } of QUESTIONS) {
    const session = await sessionOf(user);
    const response = await fetch(`${baseUrl}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers },
      body: JSON.stringify({ question }),
    });
    if (!response.ok) throw new Error(`POST /chat answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as ChatAnswer;
    print(`[${session.label}] › ${question}`);
    for (const call of answer.toolCalls) {
      print(`    tool ${call.name}(${JSON.stringify(call.arguments)})${call.isError ? ' ✗ error' : ''}`);
      print(`      → ${call.result.replace(/\n/g, '\n        ')}`);
    }
    print(`  ${answer.answer.replace(/\n/g, '\n  ')}`);
    print(
      `  (${answer.rounds} model round${answer.rounds === 1 ? '' : 's'}, ${answer.usage?.totalTokens ?? 0} tokens)\n`,
    );
  }
}

async function signIn(baseUrl: string, user: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`POST /auth/login answered ${response.status}: ${await response.text()}`);
  const { access_token } = (await response.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const me = await getJson<{ tenant: string; roles: string[] }>(baseUrl, '/auth/me', { headers });
  return { user, label: `${user}@${me.tenant} ${me.roles.join(',')}`, headers };
}

async function getJson<T>(baseUrl: string, path: string, session: Pick<Session, 'headers'>): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: session.headers });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
