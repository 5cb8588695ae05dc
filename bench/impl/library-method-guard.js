'use strict';
const { Injectable, UseGuards } = require('@nestjs/common');
const { setupMethodTools } = require('./library-method');

/** A guard that reads the tool name from the 'tool' execution context and lets the call through. */
class AllowGuard {
  canActivate(context) {
    return context.getType() === 'tool' && context.getArgs()[2].toolName.length > 0;
  }
}
Reflect.decorate([Injectable()], AllowGuard);

/**
 * `library-method` with `@UseGuards(AllowGuard)` on every tool: each call runs Nest's guard pipeline through
 * `ExternalContextCreator`, and each chat call first asks the guard whether to offer each tool (visibility).
 */
module.exports = {
  label: 'library: @Tool methods + 1 guard',
  validatesArguments: true,
  AllowGuard,
  setup: (workload) => setupMethodTools(workload, [UseGuards(AllowGuard)]),
};
