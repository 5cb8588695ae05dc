export type TicketStatus = 'open' | 'closed';
export type TicketPriority = 'low' | 'normal' | 'high';

export interface Ticket {
  id: number;
  tenantId: string;
  title: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: string;
}
