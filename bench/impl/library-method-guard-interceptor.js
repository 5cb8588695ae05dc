'use strict';
const { Injectable, UseGuards, UseInterceptors } = require('@nestjs/common');
const { setupMethodTools } = require('./library-method');
const { AllowGuard } = require('./library-method-guard');

/** An interceptor that passes the result through. */
class PassInterceptor {
  intercept(_context, next) {
    return next.handle();
  }
}
Reflect.decorate([Injectable()], PassInterceptor);

/** `library-method-guard` plus `@UseInterceptors(PassInterceptor)`: Nest's interceptor chain (rxjs) per call. */
module.exports = {
  label: 'library: @Tool methods + guard + interceptor',
  validatesArguments: true,
  setup: (workload) => setupMethodTools(workload, [UseGuards(AllowGuard), UseInterceptors(PassInterceptor)]),
};
