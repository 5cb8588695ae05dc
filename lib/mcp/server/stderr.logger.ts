import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's console logger, writing every level to stderr: for apps whose stdout is an MCP stdio channel. */
export class StderrLogger extends ConsoleLogger {
  /** Prints as Nest's console logger does, on stderr. */
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}
