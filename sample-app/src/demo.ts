import type { ChatAnswer } from './chat/chat.controller';

interface Step {
  question: string;
  tenant: string;
  /** What the person answers when the question needs an approval. */
  decision?: { approved: boolean; reason?: string };
}

const STEPS: readonly Step[] = [
  { question: 'What is the weather in Paris and Rome?', tenant: 'acme' },
  { question: 'List my open tickets', tenant: 'acme' },
  { question: 'Open a new ticket about "Coffee machine leaks"', tenant: 'acme' },
  { question: 'Close ticket 1', tenant: 'acme', decision: { approved: true } },
  {
    question: 'Close ticket 2',
    tenant: 'acme',
    decision: { approved: false, reason: 'the VPN still drops every hour' },
  },
  { question: 'Export my tickets as CSV', tenant: 'globex' },
];

/**
 * Asks the running app a few questions over HTTP, as a client would, in one conversation per tenant, and prints
 * each exchange; closing a ticket waits for approval, given once and refused once.
 */
export async function runDemo(baseUrl: string, print: (line: string) => void = console.log): Promise<void> {
  const model = (await (await fetch(`${baseUrl}/chat/model`)).json()) as { model: string };
  print(`Support desk sample — model: ${model.model}\n`);
  const conversations = new Map<string, string>();
  for (const { question, tenant, decision } of STEPS) {
    const post = async (path: string, body: unknown): Promise<ChatAnswer> => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-id': tenant, 'x-user': 'demo' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as ChatAnswer;
    };
    let answer = await post('/chat', { question, conversationId: conversations.get(tenant) });
    conversations.set(tenant, answer.conversationId);
    print(`[${tenant}] › ${question}`);
    printToolCalls(answer, print);
    for (const pending of answer.pendingApprovals) {
      print(`    ⏸ ${pending.toolName}(${JSON.stringify(pending.arguments)}) waits for approval`);
      if (!decision) continue;
      print(
        decision.approved
          ? '    ✔ approved by demo'
          : `    ✘ denied by demo: ${decision.reason ?? 'no reason given'}`,
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
