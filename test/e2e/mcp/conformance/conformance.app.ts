import { Module } from '@nestjs/common';
import { ToolCallingModule } from 'nestjs-tool-calling';
import { McpServerModule } from 'nestjs-tool-calling/mcp';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import type { McpEventStore } from 'nestjs-tool-calling/mcp';
import { ConformanceTools } from './conformance.tools';

/**
 * The app the MCP conformance suite is pointed at: the suite's fixture tools served by `McpServerModule` at `/mcp`
 * with sessions for 2025-era clients (elicitation, logging levels, SSE streams resumed from an in-memory event store:
 * the SDK's example one) and the default host checks. No model is asked anything: the chat model is an empty script.
 */
@Module({
  imports: [
    ToolCallingModule.forRoot({ chatModel: new ScriptedChatModel([]) }),
    McpServerModule.forRoot({
      serverInfo: { name: 'nestjs-tool-calling-conformance', version: '1.0.0' },
      sessions: true,
      eventStore: new InMemoryEventStore() as unknown as McpEventStore,
    }),
  ],
  providers: [ConformanceTools],
})
export class ConformanceAppModule {}
