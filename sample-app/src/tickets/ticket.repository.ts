import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Ticket, TicketPriority, TicketStatus } from './ticket';

export const TICKETS_DB_PATH = Symbol('TICKETS_DB_PATH');

const SEED: ReadonlyArray<[tenantId: string, title: string, status: TicketStatus, priority: TicketPriority]> =
  [
    ['acme', 'Printer on floor 3 is jammed', 'open', 'normal'],
    ['acme', 'VPN drops every hour', 'open', 'high'],
    ['acme', 'New laptop for Grace', 'closed', 'low'],
    ['globex', 'Email quota exceeded', 'open', 'normal'],
    ['globex', 'Badge reader at the door is broken', 'open', 'high'],
  ];

/**
 * Tickets in an embedded SQLite database, created and seeded on first start. Every query takes the tenant: no
 * method can read or change another tenant's tickets.
 */
@Injectable()
export class TicketRepository implements OnModuleDestroy {
  private readonly db: Database.Database;

  constructor(@Inject(TICKETS_DB_PATH) path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS tickets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      tenant_id TEXT NOT NULL,
      title TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
      priority TEXT NOT NULL CHECK (priority IN ('low', 'normal', 'high')),
      created_at TEXT NOT NULL
    )`);
    const { count } = this.db.prepare('SELECT COUNT(*) AS count FROM tickets').get() as { count: number };
    if (count === 0) {
      const insert = this.db.prepare(
        'INSERT INTO tickets (tenant_id, title, status, priority, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      this.db.transaction(() => {
        for (const [tenantId, title, status, priority] of SEED)
          insert.run(tenantId, title, status, priority, new Date().toISOString());
      })();
    }
  }

  list(tenantId: string, status?: TicketStatus): Ticket[] {
    const rows = status
      ? this.db
          .prepare('SELECT * FROM tickets WHERE tenant_id = ? AND status = ? ORDER BY id')
          .all(tenantId, status)
      : this.db.prepare('SELECT * FROM tickets WHERE tenant_id = ? ORDER BY id').all(tenantId);
    return (rows as Row[]).map(toTicket);
  }

  find(tenantId: string, id: number): Ticket | undefined {
    const row = this.db.prepare('SELECT * FROM tickets WHERE tenant_id = ? AND id = ?').get(tenantId, id) as
      Row | undefined;
    return row && toTicket(row);
  }

  create(tenantId: string, title: string, priority: TicketPriority): Ticket {
    const createdAt = new Date().toISOString();
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO tickets (tenant_id, title, status, priority, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(tenantId, title, 'open', priority, createdAt);
    return { id: Number(lastInsertRowid), tenantId, title, status: 'open', priority, createdAt };
  }

  /** Closes the tenant's ticket; undefined when the tenant has no such ticket. */
  close(tenantId: string, id: number): Ticket | undefined {
    const { changes } = this.db
      .prepare("UPDATE tickets SET status = 'closed' WHERE tenant_id = ? AND id = ?")
      .run(tenantId, id);
    return changes === 0 ? undefined : this.find(tenantId, id);
  }

  onModuleDestroy(): void {
    this.db.close();
  }
}

interface Row {
  id: number;
  tenant_id: string;
  title: string;
  status: TicketStatus;
  priority: TicketPriority;
  created_at: string;
}

function toTicket(row: Row): Ticket {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    createdAt: row.created_at,
  };
}
