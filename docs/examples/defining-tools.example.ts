// Compiled by `npm run typecheck`: every sample in docs/defining-tools.md comes from this file.
import { Injectable } from '@nestjs/common';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { PNG } from 'pngjs';
import { z } from 'zod';
import {
  FunctionToolCallback,
  MethodToolCallbackProvider,
  Tool,
  ToolContext,
  ToolContextParam,
  ToolInput,
  ResultPart,
  ToolParam,
  TransientToolError,
  ToolResult,
} from 'nestjs-tool-calling';

// --- 1. Parameters with @ToolParam -------------------------------------------------------------------------
export enum Unit {
  Celsius = 'C',
  Fahrenheit = 'F',
}

@Injectable()
export class WeatherTools {
  @Tool({ description: 'Current weather in a city' })
  getWeather(
    @ToolParam({ description: 'City name' }) city: string,
    @ToolParam({ description: 'Temperature unit', enum: Unit, required: false }) unit?: Unit,
  ): string {
    return `${city}: 21°${unit ?? Unit.Celsius}`;
  }

  @Tool({ description: 'Forecast for the next days' })
  getForecast(
    @ToolParam({ description: 'City name' }) city: string,
    @ToolParam({ description: 'Days from today', type: [Number] }) days: number[],
  ) {
    return days.map((day) => ({ city, day, conditions: 'sunny' }));
  }
}

// --- 2. One DTO parameter (class-validator) ----------------------------------------------------------------
export class BookingRequest {
  @IsString()
  @ToolParam({ description: 'Guest name' })
  guest!: string;

  @IsOptional()
  @IsIn(['single', 'double'])
  room?: 'single' | 'double';
}

@Injectable()
export class BookingTools {
  @Tool({ description: 'Book a room' })
  book(request: BookingRequest): string {
    return `booked a ${request.room ?? 'single'} room for ${request.guest}`;
  }

  // @ToolInput names the class explicitly, for when TypeScript's emitted type is not available.
  @Tool({ description: 'Book a room for someone else' })
  bookFor(@ToolInput(BookingRequest) request: BookingRequest): string {
    return request.guest;
  }
}

// @ToolParam({ required: false }) on a property is @IsOptional() as well: schema and validation agree.
export class ReminderRequest {
  @IsString()
  text!: string;

  @ToolParam({ description: 'When, as HH:MM', required: false })
  @IsString()
  at?: string;
}

@Injectable()
export class ReminderTools {
  @Tool({ description: 'Set a reminder' })
  remind(request: ReminderRequest): string {
    return `${request.text} at ${request.at ?? 'any time'}`;
  }
}

// --- 3. A schema on @Tool: zod 4 (any Standard Schema) or a literal JSON Schema -------------------------------
const TripInput = z.object({ city: z.string(), nights: z.number().int().min(1) });

@Injectable()
export class TripTools {
  @Tool({ description: 'Plan a trip', input: TripInput })
  plan(input: z.infer<typeof TripInput>): string {
    return `${input.nights} nights in ${input.city}`;
  }

  @Tool({
    description: 'Order by SKU',
    inputSchema: {
      type: 'object',
      properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      required: ['sku'],
    },
  })
  order(input: { sku: string; quantity?: number }) {
    return { ordered: input.sku, quantity: input.quantity ?? 1 };
  }
}

// --- ToolContext, returnDirect, sequential, timeouts ------------------------------------------------------
export interface TenantContext extends Record<string, unknown> {
  tenantId: string;
}

@Injectable()
export class TicketTools {
  @Tool({ description: 'List the open tickets of the current customer' })
  listTickets(context: ToolContext<TenantContext>): string[] {
    return [`tickets of ${context.require('tenantId')}`];
  }
}

@Injectable()
export class TicketDeskTools {
  @Tool({ description: 'Export the tickets as CSV, straight to the user', returnDirect: true })
  exportTickets(@ToolContextParam() context: ToolContext<TenantContext>): string {
    return `id,title\n1,"printer jammed (${context.require('tenantId')})"`;
  }

  @Tool({ description: 'Close a ticket', sequential: true, timeoutMs: 5_000 })
  async closeTicket(@ToolParam({ description: 'Ticket number' }) id: number): Promise<void> {
    await Promise.resolve(id);
  }
}

// --- Static tools ------------------------------------------------------------------------------------------
@Injectable()
export class ConversionTools {
  @Tool({ description: 'Miles to kilometres' })
  static toKilometres(@ToolParam({ description: 'Distance in miles' }) miles: number): number {
    return miles * 1.609344;
  }
}

// --- Rich results ------------------------------------------------------------------------------------------
/** Draws charts as PNG images (with pngjs, say). */
export abstract class ChartRenderer {
  abstract barChart(values: readonly number[]): Buffer;
}

@Injectable()
export class ReportTools {
  constructor(private readonly charts: ChartRenderer) {}

  @Tool({ description: 'A bar chart of the open tickets per day, as a PNG image' })
  openTicketsChart(@ToolParam({ description: 'How many days back' }) days: number): ToolResult {
    const counts = Array.from({ length: days }, (_, day) => ((day * 7) % 9) + 1);
    return ToolResult.of(
      `Open tickets, last ${days} days: ${counts.join(', ')}`,
      ResultPart.image(this.charts.barChart(counts), 'image/png'),
    );
  }

  @Tool({ description: 'An invoice as a PDF' })
  invoice(@ToolParam() id: string): Buffer {
    // Bytes the converter recognises (here "%PDF-") are sent as a part: a file, application/pdf.
    return Buffer.from(`%PDF-1.7\n% invoice ${id}\n`);
  }

  @Tool({
    description: 'Ticket counts by status',
    outputSchema: z.object({ open: z.number().int(), closed: z.number().int() }),
  })
  ticketCounts(): ToolResult {
    return ToolResult.of('12 open, 30 closed').withStructuredContent({ open: 12, closed: 30 });
  }
}

/** A `ChartRenderer` drawing with pngjs: one blue bar of 10 px per value unit. */
export class PngChartRenderer extends ChartRenderer {
  barChart(values: readonly number[]): Buffer {
    const png = new PNG({ width: values.length * 10, height: 100 });
    values.forEach((value, i) => {
      for (let y = 100 - value * 10; y < 100; y++)
        for (let x = i * 10 + 1; x < i * 10 + 9; x++)
          png.data.set([40, 90, 200, 255], (y * png.width + x) * 4);
    });
    return PNG.sync.write(png);
  }
}

// --- Tools from functions --------------------------------------------------------------------------------
export const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Current time in a time zone',
  input: z.object({ zone: z.string().describe('IANA time zone, e.g. Europe/Paris') }),
  fn: ({ zone }) => new Date().toLocaleString('en-GB', { timeZone: zone }),
});

export const whoAmI = FunctionToolCallback.from({
  name: 'whoAmI',
  description: 'The user asking',
  inputSchema: { type: 'object', properties: {} },
  fn: (_input: object, context: ToolContext) => context.get('user') ?? 'anonymous',
});

export const ping = FunctionToolCallback.from({
  name: 'ping',
  description: 'Is the service up',
  fn: () => 'pong',
});

// --- Progress, preliminary results, retries ------------------------------------------------------------------
/** Where the rows of an import are saved. */
export abstract class RowStore {
  abstract save(file: string, row: number): Promise<void>;
}

@Injectable()
export class ImportTools {
  constructor(private readonly store: RowStore) {}

  @Tool({ description: 'Import the rows of a CSV file', timeoutMs: 60_000 })
  async importRows(
    @ToolParam({ description: 'File name' }) file: string,
    @ToolParam({ description: 'Number of rows' }) rows: number,
    context: ToolContext,
  ): Promise<string> {
    for (let row = 1; row <= rows; row++) {
      await this.store.save(file, row);
      context.reportProgress({ progress: row, total: rows, message: `row ${row} of ${file}` });
    }
    return `${rows} rows imported`;
  }
}

@Injectable()
export class FlightTools {
  @Tool({ description: 'Offers for a route, cheapest first' })
  async *searchFlights(
    @ToolParam({ description: 'Route, e.g. CDG-JFK' }) route: string,
  ): AsyncGenerator<string[]> {
    const offers: string[] = [];
    for (const airline of ['AF', 'DL', 'UA']) {
      offers.push(`${airline} ${route}`);
      yield [...offers]; // each yield is a preliminary result; the last one is the result
    }
  }
}

/** The exchange-rate service: its answer's HTTP status, and the rate when there is one. */
export abstract class RatesApi {
  abstract get(currency: string): Promise<{ status: number; rate?: number }>;
}

@Injectable()
export class RateTools {
  constructor(private readonly api: RatesApi) {}

  @Tool({
    description: 'Exchange rate of a currency to the euro',
    timeoutMs: 5_000,
    retry: { maxAttempts: 3, backoffMs: 200 },
  })
  async rate(@ToolParam({ description: 'ISO 4217 code, e.g. USD' }) currency: string): Promise<number> {
    const answer = await this.api.get(currency);
    if (answer.status === 429 || answer.status === 503)
      throw new TransientToolError(`the rates service answered ${answer.status}`);
    if (answer.rate === undefined) throw new Error(`no rate for ${currency}`);
    return answer.rate;
  }
}

// --- Calling a tool by hand (what the ChatClient does for you) ----------------------------------------------
export async function callByHand(): Promise<string> {
  const [getWeather] = MethodToolCallbackProvider.from(new WeatherTools()).getToolCallbacks();
  // call() resolves a string, or a ToolResult for a tool whose result is more than text.
  return ToolResult.textOf(await getWeather.call('{"city":"Paris"}', ToolContext.of({ tenantId: 'acme' })));
}
