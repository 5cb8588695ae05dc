import { TOOL_CALLING_VARIABLES as VARIABLES } from '../../lib/module/tool-calling.environment';

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
