'use strict';
const { onNest12 } = require('./support/nest12-row');

/** `library-method-guard-interceptor` on NestJS 12, compared with `library-method-nest12`. */
module.exports = onNest12(
  'library: @Tool methods + guard + interceptor, Nest 12',
  'library-method-guard-interceptor',
);
