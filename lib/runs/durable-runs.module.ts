import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import type { DurableRunsOptions } from './durable-runs-options';
import { DurableRuns } from './durable-runs.service';
import { DURABLE_RUNS_OPTIONS } from './durable-runs.tokens';

/** Options of `DurableRunsModule.forRootAsync()`. */
export interface DurableRunsAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Makes the options (from `ConfigService`…). */
  readonly useFactory: (...args: any[]) => DurableRunsOptions | Promise<DurableRunsOptions>;
  /** What `useFactory` is given. */
  readonly inject?: any[];
}

/**
 * Durable runs on BullMQ: import it beside `ToolCallingModule`. It provides `DurableRuns`, makes
 * `ChatClient…submit()` enqueue runs, and (unless `worker: false`) runs a worker in this process.
 */
@Module({})
export class DurableRunsModule {
  /** With options known now. */
  static forRoot(options: DurableRunsOptions): DynamicModule {
    return {
      module: DurableRunsModule,
      global: true,
      providers: [{ provide: DURABLE_RUNS_OPTIONS, useValue: options }, DurableRuns],
      exports: [DurableRuns],
    };
  }

  /** With options made by a factory (from configuration…). */
  static forRootAsync(options: DurableRunsAsyncOptions): DynamicModule {
    return {
      module: DurableRunsModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        { provide: DURABLE_RUNS_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        DurableRuns,
      ],
      exports: [DurableRuns],
    };
  }
}
