import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ChatAnswer } from './chat/chat.controller';

interface Step {
  question: string;
  /** Demo users (password `demo`): alice and bob work for acme, alice as admin, bob as agent; carol for globex. */
  user: string;
  /** What the person answers when the question needs an approval. */
  decision?: { approved: boolean; reason?: string };
}

const STEPS: readonly Step[] = [
  { question: 'What is the weather in Paris and Rome?', user: 'alice' },
  { question: 'List my open tickets', user: 'alice' },
  { question: 'Open a new ticket about "Coffee machine leaks"', user: 'alice' },
  // The same request from an agent and from an admin: the agent's model is not offered closeTicket; the admin's
  // call waits for a person's approval, given once and refused once.
  { question: 'Close ticket 1', user: 'bob' },
  { question: 'Close ticket 1', user: 'alice', decision: { approved: true } },
  {
    question: 'Close ticket 2',
    user: 'alice',
    decision: { approved: false, reason: 'the VPN still drops every hour' },
  },
  { question: 'Export my tickets as CSV', user: 'carol' },
  // Answered by a tool of the knowledge base MCP server, a separate process the app talks to over stdio.
  { question: 'What does the knowledge base say about VPN access?', user: 'alice' },
];

interface Session {
  readonly user: string;
  readonly label: string;
  readonly headers: Record<string, string>;
}

/**
 * Asks the running app a few questions over HTTP, as a client would, signed in as each demo user, in one
 * conversation per user, and prints each exchange.
 */
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
  const conversations = new Map<string, string>();
  for (const { question, user, decision } of STEPS) {
    const session = await sessionOf(user);
    const post = async (path: string, body: unknown): Promise<ChatAnswer> => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...session.headers },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as ChatAnswer;
    };
    let answer = await post('/chat', { question, conversationId: conversations.get(user) });
    conversations.set(user, answer.conversationId);
    print(`[${session.label}] › ${question}`);
    printToolCalls(answer, print);
    for (const pending of answer.pendingApprovals) {
      print(`    ⏸ ${pending.toolName}(${JSON.stringify(pending.arguments)}) waits for approval`);
      if (!decision) continue;
      print(
        decision.approved
          ? `    ✔ approved by ${user}`
          : `    ✘ denied by ${user}: ${decision.reason ?? 'no reason given'}`,
      );
      const before = answer.toolCalls.length;
      answer = await post(`/chat/approvals/${encodeURIComponent(pending.id)}`, decision);
      printToolCalls({ ...answer, toolCalls: answer.toolCalls.slice(before) }, print);
    }
    print(`  ${answer.answer.replace(/\n/g, '\n  ')}`);
    print(
      `  (${answer.rounds} model round${answer.rounds === 1 ? '' : 's'}, ${answer.usage?.totalTokens ?? 0} tokens)\n`,
    );
  }
}

function printToolCalls(answer: ChatAnswer, print: (line: string) => void): void {
  for (const call of answer.toolCalls) {
    print(`    tool ${call.name}(${JSON.stringify(call.arguments)})${call.isError ? ' ✗ error' : ''}`);
    print(`      → ${call.result.replace(/\n/g, '\n        ')}`);
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

/** Connects to the app's own MCP endpoint as an MCP client would (an IDE, the MCP Inspector) and calls a tool. */
export async function runMcpDemo(
  baseUrl: string,
  print: (line: string) => void = console.log,
): Promise<void> {
  const client = new Client({ name: 'support-desk-demo', version: '1.0.0' });
  // Behind the same bearer token as /chat: signed in as alice.
  const { headers } = await signIn(baseUrl, 'alice');
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }),
  );
  try {
    const { tools } = await client.listTools();
    print(`MCP client at ${baseUrl}/mcp › tools/list: ${tools.map((tool) => tool.name).join(', ')}`);
    const result = await client.callTool({ name: 'listTickets', arguments: { status: 'open' } });
    const text = result.content as { type: string; text?: string }[];
    print(`MCP client › tools/call listTickets({"status":"open"}) → ${text[0]?.text ?? ''}\n`);
  } finally {
    await client.close();
  }
}
