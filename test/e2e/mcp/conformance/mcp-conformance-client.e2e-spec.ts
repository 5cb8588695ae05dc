import { CLIENT_SCENARIOS, runClientScenario } from './client/conformance-client.runner';

describe('the official MCP conformance suite against the library client (npm run mcp:conformance-client)', () => {
  jest.setTimeout(120_000);

  it.each(CLIENT_SCENARIOS)('passes %s', async (scenario) => {
    const outcome = await runClientScenario(scenario);
    const failed = outcome.checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    const passed = outcome.checks.filter((check) => check.status === 'SUCCESS');
    // The output says what went wrong when it does.
    expect({ scenario, failed, exitCode: outcome.exitCode }).toEqual({ scenario, failed: [], exitCode: 0 });
    expect(passed.length).toBeGreaterThan(0);
  });
});
