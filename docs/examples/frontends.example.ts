// Compiled by `npm run typecheck`: the Nest side of docs/frontends.md. The same controller shape is tested with the
// real clients in test/e2e/ui/ (ai v7 and v6, @ag-ui/client).
import { Body, Controller, Post } from '@nestjs/common';
import { ChatClient } from 'nestjs-tool-calling';
import { clientTool, streamUIChat, type UIMessageStreamResponse } from 'nestjs-tool-calling/ai-sdk';
import { streamAgUiRun, type AgUiStreamResponse } from 'nestjs-tool-calling/ag-ui';

// Behind your sign-in guard (see securing-tools.md): approvals need `request.user.id`.
@Controller('api')
export class FrontendChatController {
  constructor(private readonly chat: ChatClient) {}

  /** `useChat`'s default path: its body in, the AI SDK UI message stream out. */
  @Post('chat')
  chatStream(@Body() body: unknown): Promise<UIMessageStreamResponse> {
    return streamUIChat(this.chat.prompt().toolContext({ tenant: 'acme' }), body);
  }

  /** AG-UI's `HttpAgent` (CopilotKit) posts a `RunAgentInput` here. */
  @Post('ag-ui')
  agUi(@Body() body: unknown): Promise<AgUiStreamResponse> {
    return streamAgUiRun(this.chat.prompt().toolContext({ tenant: 'acme' }), body);
  }
}

const LOCATION = clientTool({
  name: 'getLocation',
  description: "The user's city, from the browser",
  inputSchema: { type: 'object', properties: {} },
});

@Controller('api/located')
export class LocatedChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post('chat')
  chatStream(@Body() body: unknown): Promise<UIMessageStreamResponse> {
    return streamUIChat(this.chat.prompt(), body, { clientTools: [LOCATION] });
  }
}
