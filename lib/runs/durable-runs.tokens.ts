/** The injection token of the `DurableRunsOptions` given to `DurableRunsModule`. */
export const DURABLE_RUNS_OPTIONS = Symbol('DURABLE_RUNS_OPTIONS');
