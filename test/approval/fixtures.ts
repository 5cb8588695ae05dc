import { IsInt, IsPositive } from 'class-validator';
import { Tool, ToolContext, ToolParam } from 'nestjs-tool-calling';

export class PaymentDto {
  @IsInt()
  @IsPositive()
  amount!: number;
}

/** A desk whose closing needs approval and whose refunds need it above 100. */
export class DeskTools {
  readonly closed: number[] = [];
  readonly refunds: number[] = [];
  readonly contexts: ToolContext[] = [];

  @Tool({ description: 'Close a ticket', approval: true })
  closeTicket(@ToolParam({ description: 'Ticket number' }) id: number, context: ToolContext): string {
    this.closed.push(id);
    this.contexts.push(context);
    return `closed #${id}`;
  }

  @Tool({
    description: 'Refund an amount',
    approval: (call) => (call.arguments.amount as number) > 100,
  })
  refund(payment: PaymentDto): string {
    this.refunds.push(payment.amount);
    return `refunded ${payment.amount}`;
  }

  @Tool({ description: 'Weather of a city' })
  weather(@ToolParam() city: string): string {
    return `${city}: sunny`;
  }
}
