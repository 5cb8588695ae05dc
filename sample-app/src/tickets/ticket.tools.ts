import { Injectable, Logger, UseGuards } from '@nestjs/common';
import { ResultPart, Tool, ToolContext, ToolParam, ToolResult } from 'nestjs-tool-calling';
import { toCsv } from './csv';
import { slowToolMs, workInSteps } from './slow-export';
import { drawPriorityChart } from './ticket-chart';
import { Roles } from '../auth/roles.decorator';
import { RolesGuard } from '../auth/roles.guard';
import type { Ticket, TicketPriority, TicketStatus } from './ticket';
import { TicketRepository } from './ticket.repository';

/** What every ticket tool needs from the caller: the signed-in user's tenant, never chosen by the model. */
export interface SupportContextValues extends Record<string, unknown> {
  tenantId: string;
  user?: string;
}

class TicketNotFoundError extends Error {
  override readonly name = 'TicketNotFoundError';
}

/** What the model sees of a ticket: the tenant stays on this side. */
type TicketView = Omit<Ticket, 'tenantId'>;

function view({ tenantId: _tenantId, ...ticket }: Ticket): TicketView {
  return ticket;
}

@Injectable()
export class TicketTools {
  private readonly logger = new Logger('TicketTools');

  constructor(private readonly tickets: TicketRepository) {}

  @Tool({
    description: 'List the support tickets of the current customer, optionally only open or closed ones',
  })
  listTickets(
    @ToolParam({ description: 'Only tickets with this status', enum: ['open', 'closed'], required: false })
    status: TicketStatus | undefined,
    context: ToolContext<SupportContextValues>,
  ): TicketView[] {
    return this.tickets.list(context.require('tenantId'), status).map(view);
  }

  @Tool({ description: 'Get one support ticket by its number' })
  getTicket(
    @ToolParam({ description: 'Ticket number' }) id: number,
    context: ToolContext<SupportContextValues>,
  ): TicketView {
    const ticket = this.tickets.find(context.require('tenantId'), id);
    if (!ticket) throw new TicketNotFoundError(`there is no ticket #${id}`);
    return view(ticket);
  }

  @Tool({ description: 'Open a new support ticket', sequential: true })
  createTicket(
    @ToolParam({ description: 'Short summary of the problem' }) title: string,
    @ToolParam({ description: 'How urgent it is', enum: ['low', 'normal', 'high'], required: false })
    priority: TicketPriority | undefined,
    context: ToolContext<SupportContextValues>,
  ): TicketView {
    return view(this.tickets.create(context.require('tenantId'), title, priority ?? 'normal'));
  }

  /** Admins only, and only after a person's approval: an agent's model is not offered it; the chat pauses for Approve or Deny. */
  @Tool({ description: 'Close a support ticket by its number', sequential: true, approval: true })
  @UseGuards(RolesGuard)
  @Roles('admin')
  closeTicket(
    @ToolParam({ description: 'Ticket number' }) id: number,
    context: ToolContext<SupportContextValues>,
  ): TicketView {
    const ticket = this.tickets.close(context.require('tenantId'), id);
    if (!ticket) throw new TicketNotFoundError(`there is no ticket #${id}`);
    return view(ticket);
  }

  @Tool({
    description: 'Export the support tickets of the current customer as CSV, returned to the user as is',
    returnDirect: true,
  })
  exportTickets(context: ToolContext<SupportContextValues>): string {
    const rows = this.tickets.list(context.require('tenantId'));
    return toCsv(
      ['id', 'title', 'status', 'priority'],
      rows.map((t) => [t.id, t.title, t.status, t.priority]),
    );
  }

  /**
   * A long task, for durable runs (`docs/durable-runs.md`): reads every ticket page by page (`SAMPLE_SLOW_TOOL_MS` in
   * all, with progress) and summarises them. Declared idempotent on purpose: it only reads, so a worker that dies in
   * the middle of it may run it again (at least once). The tools that write (`createTicket`, `closeTicket`) are not:
   * a call interrupted before its result was saved is not run again (at most once), and the model is told so.
   */
  @Tool({
    description:
      'Export every support ticket of the current customer and summarise them: counts by status and priority (slow)',
    idempotent: true,
  })
  async summariseTickets(context: ToolContext<SupportContextValues>): Promise<string> {
    const tenantId = context.require('tenantId');
    // Which process runs the call (the durable demo watches for it): the key names the run and the call, no data.
    this.logger.log(
      `summariseTickets ${context.idempotencyKey ?? '(not a durable run)'} started, pid ${process.pid}`,
    );
    const steps = 10;
    await workInSteps(
      slowToolMs(),
      steps,
      (done) =>
        context.reportProgress({
          progress: done,
          total: steps,
          message: `exported page ${done} of ${steps}`,
        }),
      context.signal,
    );
    const tickets = this.tickets.list(tenantId);
    const count = (key: 'status' | 'priority', value: string) =>
      tickets.filter((t) => t[key] === value).length;
    return (
      `Exported ${tickets.length} tickets: ${count('status', 'open')} open, ${count('status', 'closed')} closed; ` +
      `priority high ${count('priority', 'high')}, normal ${count('priority', 'normal')}, low ${count('priority', 'low')}.`
    );
  }

  /** A picture for the model (and the chat page): the model sees the chart, the text says what it shows. */
  @Tool({ description: "Draw a bar chart (PNG image) of the current customer's open tickets by priority" })
  chartTickets(context: ToolContext<SupportContextValues>): ToolResult {
    const counts: Record<TicketPriority, number> = { low: 0, normal: 0, high: 0 };
    for (const ticket of this.tickets.list(context.require('tenantId'), 'open')) counts[ticket.priority]++;
    return ToolResult.of(
      `Open tickets by priority: high ${counts.high}, normal ${counts.normal}, low ${counts.low}. ` +
        'The chart has one bar per priority, left to right: low (green), normal (blue), high (red).',
      ResultPart.image(drawPriorityChart(counts), 'image/png'),
    );
  }
}
