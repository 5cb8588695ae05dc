const VARIABLES = [
  'TOOL_CALLING_PROVIDER',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'OPENAI_ORGANIZATION',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_MODEL',
  'TOOL_CALLING_HTTP_TIMEOUT_MS',
  'TOOL_CALLING_MAX_RETRIES',
  'TOOL_CALLING_MAX_ROUNDS',
  'TOOL_CALLING_TOOL_TIMEOUT_MS',
  'TOOL_CALLING_MAX_CONCURRENCY',
];

/** Runs `body` with exactly `values` among the variables of the toolCalling namespace, then restores them. */
export async function withEnv<T>(values: Record<string, string>, body: () => T | Promise<T>): Promise<T> {
  const saved = new Map(VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  try {
    return await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
