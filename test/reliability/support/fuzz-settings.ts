import type { Parameters } from 'fast-check';

/** The seed CI runs with; `FUZZ_SEED=<n>` replays another one (fast-check prints the seed of a failure). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_260_707;

/** `FUZZ_RUNS=<n>` runs every property n times instead of its CI count. */
const ON_DEMAND_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;

/** Jest's per-test limit: the default in CI, a day for an on-demand run. */
export const FUZZ_TEST_TIMEOUT_MS = ON_DEMAND_RUNS ? 86_400_000 : 20_000;

/** fast-check parameters of a property: the fixed seed, `ciRuns` cases, and a hang turned into a failure. */
export function fuzzParameters<T>(ciRuns: number): Parameters<T> {
  return { seed: FUZZ_SEED, numRuns: ON_DEMAND_RUNS ?? ciRuns, timeout: 10_000 };
}
