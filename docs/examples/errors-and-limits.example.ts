// Compiled by `npm run typecheck`: every sample in docs/errors-and-limits.md comes from this file, and
// test/docs/errors-and-limits.example.spec.ts runs it (the texts the page quotes included) with a scripted model.
import {
  BadGatewayException,
  Body,
  Catch,
  Controller,
  Headers,
  Injectable,
  Module,
  Post,
  ServiceUnavailableException,
  UnprocessableEntityException,
  type ArgumentsHost,
} from '@nestjs/common';
import { APP_FILTER, BaseExceptionFilter } from '@nestjs/core';
import {
  ChatClient,
  ChatModelError,
  ChatModelRateLimitError,
  DefaultToolExecutionExceptionProcessor,
  Tool,
  ToolCallingError,
  ToolCallingLimitError,
  ToolCallingModule,
  ToolContext,
  ToolExecutionError,
  ToolParam,
  type ToolCallHooks,
  type ToolContextType,
  type ToolExecutionExceptionProcessor,
} from 'nestjs-tool-calling';

// --- The tools of this page -----------------------------------------------------------------------------------
export interface DeskContext extends Record<string, unknown> {
  tenantId: string;
  role: 'customer' | 'agent';
}

/** An outage the caller must hear about, not something the model can work around. */
export class PaymentGatewayDownError extends Error {
  override readonly name = 'PaymentGatewayDownError';
}

@Injectable()
export class TicketTools {
  @Tool({ description: 'Search the tickets of the current customer' })
  searchTickets(
    @ToolParam({ description: 'Words to look for' }) text: string,
    @ToolParam({ description: 'Most results, 20 at most', type: Number, required: false })
    limit: number | undefined,
    context: ToolContext<DeskContext>,
  ): string[] {
    const tickets = [`#7 "${text}" (${context.require('tenantId')}), reported by ann@example.com`];
    return tickets.slice(0, limit ?? 10);
  }

  @Tool({ description: 'Close a ticket by its number', sequential: true })
  closeTicket(@ToolParam({ description: 'Ticket number' }) id: number): string {
    if (id !== 7) throw new Error(`there is no ticket #${id}`);
    return 'closed #7';
  }

  @Tool({ description: 'Refund the payment of a ticket' })
  async refund(@ToolParam({ description: 'Ticket number' }) id: number): Promise<string> {
    throw new PaymentGatewayDownError(`the payment gateway is down (ticket #${id})`);
  }

  @Tool({ description: 'Build the monthly report (slow)' })
  monthlyReport(context: ToolContext): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve('report ready'), 60_000);
      context.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(context.signal?.reason);
      });
    });
  }
}

// --- Hooks ----------------------------------------------------------------------------------------------------
function parseArguments(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // the tool itself answers invalid JSON
  }
}

export const deskPolicy: ToolCallHooks = {
  beforeToolCall: ({ toolCall, context }) => {
    if (toolCall.name === 'closeTicket' && context.get('role') !== 'agent') {
      return {
        action: 'deny',
        message: 'Only support agents may close tickets. Tell the user to ask an agent.',
      };
    }
    const args = parseArguments(toolCall.arguments);
    if (toolCall.name === 'searchTickets' && typeof args?.limit === 'number' && args.limit > 20) {
      return { action: 'rewrite', arguments: { ...args, limit: 20 } };
    }
    return { action: 'allow' };
  },
};

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

export const redactEmails: ToolCallHooks = {
  afterToolCall: ({ toolResponse }) => {
    const redacted = toolResponse.result.replace(EMAIL, '[email]');
    return redacted === toolResponse.result ? undefined : { result: redacted };
  },
};

// --- The module: limits, exception processor, hooks -----------------------------------------------------------
@Module({
  imports: [
    ToolCallingModule.forRoot({
      chatModel: { provider: 'openai', model: 'gpt-4o-mini' },
      limits: {
        maxRounds: 6,
        maxToolCallsPerRequest: 20,
        maxCallsPerTool: 5,
        toolTimeoutMs: 10_000,
        maxConcurrency: 4,
        onLimit: 'tell-model',
      },
      exceptionProcessor: new DefaultToolExecutionExceptionProcessor({ rethrow: [PaymentGatewayDownError] }),
      hooks: [deskPolicy, redactEmails],
    }),
  ],
  providers: [TicketTools],
})
export class DeskToolsModule {}

// --- Keeping internal error messages from the model -----------------------------------------------------------
export class HideInternalErrors implements ToolExecutionExceptionProcessor {
  process(error: Error): string {
    if (error instanceof ToolExecutionError) {
      return `Tool "${error.toolDefinition.name}" failed. Do not call it again; tell the user to try later.`;
    }
    return error.message; // invalid arguments, unknown tools, timeouts: the model can act on these
  }
}

// --- Errors of a call, as HTTP answers ------------------------------------------------------------------------
export function toHttpException(error: Error): Error {
  if (error instanceof ToolCallingLimitError) {
    return new UnprocessableEntityException('The question needs too many steps; ask something narrower.');
  }
  if (error instanceof ChatModelRateLimitError || error instanceof PaymentGatewayDownError) {
    return new ServiceUnavailableException('Try again in a few minutes.');
  }
  if (error instanceof ChatModelError) return new BadGatewayException('The assistant could not answer.');
  return error;
}

@Catch(ToolCallingError, PaymentGatewayDownError)
export class AssistantExceptionFilter extends BaseExceptionFilter {
  override catch(error: Error, host: ArgumentsHost): void {
    // Global filters also run around tool calls (see securing-tools.md): leave those to the tool-calling loop.
    if (host.getType<ToolContextType>() === 'tool') throw error;
    super.catch(toHttpException(error), host);
  }
}

@Controller('desk')
export class DeskController {
  constructor(private readonly chat: ChatClient) {}

  @Post()
  ask(
    @Body('question') question: string,
    @Headers('x-tenant-id') tenantId: string,
    @Headers('x-role') role: string,
  ): Promise<string> {
    return this.chat.prompt(question).toolContext({ tenantId, role }).call().content();
  }
}

@Module({
  imports: [DeskToolsModule],
  controllers: [DeskController],
  providers: [{ provide: APP_FILTER, useClass: AssistantExceptionFilter }],
})
export class DeskModule {}
