// Compiled by `npm run typecheck`: every sample in docs/memory-and-approvals.md comes from this file, and
// test/docs/memory-and-approvals.example.spec.ts runs it with a scripted model (and a real redis-server).
import { Body, Controller, Injectable, Param, Post } from '@nestjs/common';
import {
  ChatClient,
  MessageChatMemoryAdvisor,
  MessageWindowChatMemory,
  Tool,
  ToolContext,
  ToolParam,
  type CallAdvisor,
  type CallAdvisorChain,
  type ChatClientRequest,
  type ChatClientResponse,
  type ChatModel,
  type ToolCallingModuleOptions,
} from 'nestjs-tool-calling';
import { RedisApprovalStore, RedisChatMemoryRepository } from 'nestjs-tool-calling/redis';

// --- Tools that wait for a person --------------------------------------------------------------------------------
@Injectable()
export class PaymentTools {
  readonly refunds: number[] = [];

  @Tool({ description: 'Close a support ticket', approval: true })
  closeTicket(@ToolParam({ description: 'Ticket number' }) id: number): string {
    return `ticket ${id} closed`;
  }

  @Tool({
    description: 'Refund an amount to the customer',
    // Small refunds run at once; larger ones, and any refund asked for by an intern, wait for approval.
    approval: (call, context) => (call.arguments.amount as number) > 100 || context.get('role') === 'intern',
  })
  refund(@ToolParam({ description: 'Amount in euros' }) amount: number, context: ToolContext): string {
    this.refunds.push(amount);
    return `refunded ${amount} EUR for ${String(context.get('customer'))}`;
  }
}

// --- A controller: conversations and decisions -------------------------------------------------------------------
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  async ask(@Body() body: { question: string; conversationId: string }) {
    const response = await this.chat
      .prompt()
      .user(body.question)
      .conversationId(body.conversationId)
      .call()
      .chatResponse();
    return { answer: response.text, pendingApprovals: response.pendingApprovals };
  }

  @Post('approvals/:id')
  async decide(@Param('id') id: string, @Body() decision: { approved: boolean; reason?: string }) {
    const response = await this.chat.resume(id, decision).chatResponse();
    return { answer: response.text, pendingApprovals: response.pendingApprovals };
  }
}

// --- The module's options: memory, approvals, Redis --------------------------------------------------------------
export function moduleOptions(chatModel: ChatModel, redisUrl?: string): ToolCallingModuleOptions {
  return {
    chatModel,
    memory: { maxMessages: 30 },
    approvals: {
      ttlMs: 10 * 60 * 1000,
      // Who asked: here the id of the user a guard put on the request (the default reads request.user too).
      callerId: (request) => (request as { user?: { id: string } }).user?.id,
      // Who may decide: the same user, or a supervisor.
      mayDecide: (approval, caller) =>
        caller.id === approval.callerId ||
        (caller.request as { user?: { role?: string } }).user?.role === 'supervisor',
    },
    ...(redisUrl && { redis: { url: redisUrl } }),
  };
}

// --- Without the module: a client with memory and approvals in Redis ---------------------------------------------
export function redisChatClient(chatModel: ChatModel, redisUrl: string) {
  const repository = new RedisChatMemoryRepository(redisUrl, { ttlSeconds: 24 * 60 * 60 });
  const store = new RedisApprovalStore(redisUrl);
  const memory = new MessageWindowChatMemory({ repository, maxMessages: 20 });
  const chat = ChatClient.create(
    chatModel,
    { tools: [new PaymentTools()], advisors: [new MessageChatMemoryAdvisor(memory)] },
    { approvals: { store } },
  );
  // Stores made from a URL own their connection: close them when the app stops.
  const close = async () => {
    await repository.close();
    await store.close();
  };
  return { chat, close };
}

// --- An advisor of your own ---------------------------------------------------------------------------------------
/** Adds the tenant's rules as a system message, and counts tokens per tenant. */
export class TenantRulesAdvisor implements CallAdvisor {
  readonly name = 'TenantRulesAdvisor';
  readonly order = 100;
  readonly tokens = new Map<string, number>();

  constructor(private readonly rules: (tenant: string) => string) {}

  async adviseCall(request: ChatClientRequest, chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const tenant = String(request.toolContext.get('tenant'));
    const response = await chain.nextCall(
      request.with({ messages: [{ role: 'system', content: this.rules(tenant) }, ...request.messages] }),
    );
    this.tokens.set(tenant, (this.tokens.get(tenant) ?? 0) + (response.usage?.totalTokens ?? 0));
    return response;
  }
}
