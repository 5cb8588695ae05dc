import { Logger } from '@nestjs/common';

/**
 * Runs `body` with Nest's logger captured and `console.error` watched: what a provider SDK logs must reach Nest's
 * logger at `debug` level, never the console.
 */
export async function captureSdkLogs<T>(
  body: () => Promise<T>,
): Promise<{ result: T; debug: string[]; console: unknown[][] }> {
  const debug: string[] = [];
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const ignore = () => undefined;
  Logger.overrideLogger({
    log: ignore,
    error: ignore,
    warn: ignore,
    verbose: ignore,
    debug: (message: unknown) => debug.push(String(message)),
  });
  try {
    const result = await body();
    return { result, debug, console: [...printed.mock.calls] };
  } finally {
    printed.mockRestore();
    Logger.overrideLogger(['log', 'warn', 'error', 'fatal']);
  }
}
