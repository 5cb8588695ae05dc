// Compiled by `npm run typecheck`: the samples of docs/durable-runs.md. The sample app runs the same setup
// (sample-app/src/app.module.ts, sample-app/src/worker.ts), tested in test/e2e/sample-app/durable-runs.e2e-spec.ts.
import { Controller, Get, Injectable, Module, Param, Post, Req, Body } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ChatClient, Tool, ToolCallingModule, ToolContext, ToolParam } from 'nestjs-tool-calling';
import { DurableRuns, DurableRunsModule } from 'nestjs-tool-calling/runs';

interface Payments {
  /** Charges once per key: a second call with the same key answers the first charge. */
  charge(customer: string, cents: number, idempotencyKey: string | undefined): Promise<string>;
}

interface Reports {
  build(customer: string): Promise<string>;
}

@Injectable()
export class BillingTools {
  constructor(
    private readonly payments: Payments,
    private readonly reports: Reports,
  ) {}

  // Reads only: a worker that dies during it may run it again (at least once).
  @Tool({ description: 'Build the monthly usage report of a customer', idempotent: true })
  usageReport(@ToolParam({ description: 'Customer id' }) customer: string): Promise<string> {
    return this.reports.build(customer);
  }

  // Writes: never run twice by the run itself (at most once). The key makes a retry by the payment provider harmless.
  @Tool({ description: 'Charge a customer' })
  charge(
    @ToolParam({ description: 'Customer id' }) customer: string,
    @ToolParam({ description: 'Amount in cents' }) cents: number,
    context: ToolContext,
  ): Promise<string> {
    return this.payments.charge(customer, cents, context.idempotencyKey);
  }
}

interface SignedInRequest {
  user?: { id: string; roles: string[] };
}

@Module({
  imports: [
    ToolCallingModule.forRoot({ redis: { url: process.env.REDIS_URL ?? 'redis://localhost:6379' } }),
    DurableRunsModule.forRoot({
      connection: process.env.REDIS_URL ?? 'redis://localhost:6379',
      // The web processes of a split deployment run no jobs: RUN_WORKER=false.
      worker: process.env.RUN_WORKER !== 'false',
      concurrency: 8,
      deadlineMs: 15 * 60_000,
      maxRunsPerCaller: 3,
      // The caller travels in the job as data, and comes back as the request your guards read.
      caller: {
        toData: (request) => ({ user: (request as SignedInRequest).user ?? null }),
        toRequest: (data) => ({ user: (data as SignedInRequest).user, headers: {} }),
      },
    }),
  ],
})
export class AppModule {}

interface CallerRequest {
  user?: { id: string; roles: string[] };
}

@Controller('reports')
export class ReportsController {
  constructor(
    private readonly chat: ChatClient,
    private readonly runs: DurableRuns,
  ) {}

  // Answers at once with the run's id: the run goes on in a worker, whatever happens to this request.
  @Post()
  start(@Body() body: { question: string }, @Req() request: CallerRequest): Promise<{ runId: string }> {
    return this.chat.prompt().request(request).user(body.question).submit();
  }

  // Only the caller that submitted a run reads or cancels it: another's run id is a RunNotFoundError.
  @Get(':runId')
  async status(@Param('runId') runId: string, @Req() request: CallerRequest) {
    const run = await this.runs.status(runId, request);
    return { status: run.status, answer: run.response?.text, error: run.error };
  }

  @Post(':runId/cancel')
  cancel(@Param('runId') runId: string, @Req() request: CallerRequest) {
    return this.runs.cancel(runId, request);
  }
}

// worker.ts: the same modules, no HTTP server.
export async function startWorker(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule);
  app.enableShutdownHooks();
}
