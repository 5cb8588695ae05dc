import { join } from 'node:path';
import type { McpServerConfig } from 'nestjs-tool-calling';

/** The knowledge base server, run with this Node (from the compiled sample: dist-sample/knowledge-base). */
export function knowledgeBaseServer(): McpServerConfig {
  return { command: process.execPath, args: [join(__dirname, 'knowledge-base.server.js')] };
}
