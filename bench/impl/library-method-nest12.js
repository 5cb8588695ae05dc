'use strict';
const { onNest12 } = require('./support/nest12-row');

/** `library-method` on NestJS 12: the same app, the same dist/, compared with the Nest 11 row. */
module.exports = onNest12('library: @Tool methods in Nest 12', 'library-method');
