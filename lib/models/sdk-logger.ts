import { Logger } from '@nestjs/common';

/** The logger interface of the `openai` and `@anthropic-ai/sdk` clients. */
interface SdkLogger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

/**
 * Where a provider SDK's own log goes: Nest's `Logger` at `debug` level, the SDK's message only. The SDKs log a
 * stream chunk they cannot parse with `console.error`, raw chunk included (model output); the adapter already turns
 * that failure into a typed error the caller receives, so the log adds nothing but noise, and must not copy data.
 */
export function sdkLogger(context: string): SdkLogger {
  const logger = new Logger(context);
  const forward = (message: string) => logger.debug(`${context} SDK: ${message}`);
  return { error: forward, warn: forward, info: () => undefined, debug: () => undefined };
}
