import {
  authScenarios,
  CLIENT_SCENARIO_CONCURRENCY,
  CLIENT_SCENARIOS,
  runClientScenarios,
} from './client/conformance-client.runner';

describe('the official MCP conformance suite against the library client (npm run mcp:conformance-client)', () => {
  jest.setTimeout(600_000);
  let scenarios: string[] = [];

  beforeAll(async () => {
    scenarios = [...CLIENT_SCENARIOS, ...(await authScenarios())];
  });

  it('covers the auth scenarios of the 2025-11-25 spec, the 2025-03-26 backcompat, the draft and the extensions', () => {
    const auth = scenarios.filter((scenario) => scenario.startsWith('auth/'));
    expect(auth).toEqual(
      expect.arrayContaining([
        'auth/metadata-default',
        'auth/scope-step-up',
        'auth/2025-03-26-oauth-endpoint-fallback',
        'auth/resource-mismatch',
        'auth/client-credentials-jwt',
        'auth/cross-app-access-complete-flow',
      ]),
    );
    expect(auth.length).toBeGreaterThanOrEqual(22);
  });

  it(`passes every client scenario (core and auth/*, ${CLIENT_SCENARIO_CONCURRENCY} at a time): no failed or warned check`, async () => {
    const outcomes = await runClientScenarios(scenarios);
    const summary = outcomes.map(({ scenario, checks, exitCode }) => ({
      scenario,
      // The ids say what went wrong when something does.
      bad: checks
        .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
        .map((c) => c.id),
      passed: checks.filter((check) => check.status === 'SUCCESS').length > 0,
      exitCode,
    }));
    // The per-scenario counts, for the record (the note of the issue).
    process.stderr.write(
      `${outcomes
        .map(
          ({ scenario, checks }) =>
            `${scenario}: ${checks.filter((c) => c.status === 'SUCCESS').length} passed`,
        )
        .join('\n')}\n`,
    );
    expect(summary).toEqual(scenarios.map((scenario) => ({ scenario, bad: [], passed: true, exitCode: 0 })));
  });
});
