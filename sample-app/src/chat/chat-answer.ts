import { CHAT_MEMORY_CONVERSATION_ID, type ChatClientResponse } from 'nestjs-tool-calling';

export interface ChatAnswer {
  conversationId: string;
  answer: string;
  toolCalls: { name: string; arguments: unknown; result: string; isError: boolean }[];
  rounds: number;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  /** Calls waiting for Approve / Deny: `POST /chat/approvals/:id`. */
  pendingApprovals: { id: string; toolName: string; arguments: unknown }[];
}

/** What POST /chat and POST /chat/approvals/:id answer. */
export function toChatAnswer(response: ChatClientResponse): ChatAnswer {
  return {
    conversationId: String(response.context[CHAT_MEMORY_CONVERSATION_ID]),
    answer: response.text,
    toolCalls: response.toolExecutions.map(({ toolCall, toolResponse }) => ({
      name: toolCall.name,
      arguments: parseOrKeep(toolCall.arguments),
      result: toolResponse.result,
      isError: toolResponse.isError,
    })),
    rounds: response.rounds,
    usage: response.usage,
    pendingApprovals: response.pendingApprovals.map(({ id, toolName, arguments: args }) => ({
      id,
      toolName,
      arguments: args,
    })),
  };
}

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
