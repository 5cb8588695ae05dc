import { Logger } from '@nestjs/common';

// Tests run at a production log level: Nest's default logger prints `debug` and `verbose` lines (the library's
// "tool X does not take a ToolContext" note, the provider SDKs' notes), which are noise in a passing run. A test
// that checks what is logged gives its application a capturing logger, which replaces this one.
Logger.overrideLogger(['log', 'warn', 'error', 'fatal']);
