import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ChatAnswer } from './chat/chat.controller';

const QUESTIONS: ReadonlyArray<{ question: string; tenant: string }> = [
  { question: 'What is the weather in Paris and Rome?', tenant: 'acme' },
  { question: 'List my open tickets', tenant: 'acme' },
  { question: 'Open a new ticket about "Coffee machine leaks"', tenant: 'acme' },
  { question: 'Close ticket 4', tenant: 'acme' },
  { question: 'Export my tickets as CSV', tenant: 'globex' },
  // Answered by a tool of the knowledge base MCP server, a separate process the app talks to over stdio.
  { question: 'What does the knowledge base say about VPN access?', tenant: 'acme' },
];

/** Asks the running app a few questions over HTTP, as a client would, and prints each conversation. */
export async function runDemo(baseUrl: string, print: (line: string) => void = console.log): Promise<void> {
  const model = (await (await fetch(`${baseUrl}/chat/model`)).json()) as { model: string };
  print(`Support desk sample — model: ${model.model}\n`);
  for (const { question, tenant } of QUESTIONS) {
    const response = await fetch(`${baseUrl}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-id': tenant, 'x-user': 'demo' },
      body: JSON.stringify({ question }),
    });
    if (!response.ok) throw new Error(`POST /chat answered ${response.status}: ${await response.text()}`);
    const answer = (await response.json()) as ChatAnswer;
    print(`[${tenant}] › ${question}`);
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

/** Connects to the app's own MCP endpoint as an MCP client would (an IDE, the MCP Inspector) and calls a tool. */
export async function runMcpDemo(
  baseUrl: string,
  print: (line: string) => void = console.log,
): Promise<void> {
  const client = new Client({ name: 'support-desk-demo', version: '1.0.0' });
  const headers = { 'x-tenant-id': 'acme' };
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
