// Compiled by `npm run typecheck`: the samples of the README come from this file and from first-app/ (the first
// app, shared with getting-started.md), and test/docs/readme.example.spec.ts runs them.
import { z } from 'zod';
import { FunctionToolCallback } from 'nestjs-tool-calling';

export const getTime = FunctionToolCallback.from({
  name: 'getTime',
  description: 'Current time in a time zone',
  input: z.object({ zone: z.string() }),
  fn: ({ zone }) => new Date().toLocaleString('en-GB', { timeZone: zone }),
});
