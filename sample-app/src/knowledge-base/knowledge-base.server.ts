import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { searchArticles } from './articles';

/**
 * A separate MCP server, in its own process: the support knowledge base, spoken to over stdio with the official
 * SDK. The support desk app starts it on first use (see `knowledgeBaseServer()`), as an IDE would start any MCP
 * server, and offers its tool to the model next to its own.
 */
async function main(): Promise<void> {
  const server = new McpServer({ name: 'support-knowledge-base', version: '1.0.0' });
  server.registerTool(
    'searchKnowledgeBase',
    {
      description: 'Searches the support knowledge base; returns the matching articles (id, title, text)',
      inputSchema: { query: z.string().min(2).describe('What to look for, in a few words') },
    },
    ({ query }) => ({ content: [{ type: 'text', text: JSON.stringify(searchArticles(query)) }] }),
  );
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  process.stderr.write(`knowledge base: ${(error as Error).stack}\n`);
  process.exit(1);
});
