import { Module } from '@nestjs/common';
import { ToolCallingModule } from 'nestjs-tool-calling';
import { McpServerModule } from 'nestjs-tool-calling/mcp';
import { ScriptedChatModel } from 'nestjs-tool-calling/testing';
import { ConformanceTools } from './conformance.tools';

/**
 * The app the MCP conformance suite is pointed at: the suite's fixture tools served by `McpServerModule` at `/mcp`
 * (stateless, the default host checks). No model is asked anything: the chat model is an empty script.
 */
@Module({
  imports: [
    ToolCallingModule.forRoot({ chatModel: new ScriptedChatModel([]) }),
    McpServerModule.forRoot({ serverInfo: { name: 'nestjs-tool-calling-conformance', version: '1.0.0' } }),
  ],
  providers: [ConformanceTools],
})
export class ConformanceAppModule {}
