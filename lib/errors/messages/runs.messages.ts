/** Message texts of durable runs. Never a stored value, a tool context value or a caller's data. */
export const RunsMessages = {
  notConfigured: () =>
    'submit() needs durable runs: import DurableRunsModule.forRoot({ connection }) beside ToolCallingModule ' +
    '(from nestjs-tool-calling/runs)',

  notSerializable: (what: string) =>
    `a submitted run is data, and ${what} cannot be carried to another process: name tools with .toolNames(), ` +
    'give the caller with the module option caller.toData, and leave out signals, hooks, advisors, round ' +
    'preparation and stop conditions (set them on the worker’s ChatClient)',

  notFound: () =>
    'there is no run with this id for this caller (never submitted, removed, or another caller’s)',

  callerUnknown: () =>
    'a run belongs to the caller that submitted it, and this request has no caller id: set caller.id in ' +
    'DurableRunsModule.forRoot() to a function that returns the id of the user your guard put on the request',

  tooManyRuns: (limit: number) =>
    `this caller already has ${limit} runs queued or running (maxRunsPerCaller); wait for one to finish`,

  failed: (reason: string) => `the run failed and will not be retried: ${reason}`,

  deadline: (ms: number) => `the run passed its deadline of ${ms} ms`,

  notPaused: (status: string) => `the run is ${status}, not paused for approval: there is nothing to resume`,

  unreadable: (reason: string) => `the run's stored state cannot be read: ${reason}; it was left as it is`,
};
