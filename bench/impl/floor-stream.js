'use strict';
const { ajvExecutors } = require('./floor-ajv');
const { createMinimalStreamLoop } = require('./support/minimal-stream-loop');

/**
 * floor+ajv streamed by hand: the model's chunks and the loop's events as async generators, every event consumed
 * with for await. Beside floor+ajv it shows what streaming costs a loop written by hand, the yardstick for
 * library-stream beside library-method.
 */
module.exports = {
  label: 'floor+ajv, streamed',
  validatesArguments: true,
  setup: async (workload) => createMinimalStreamLoop(workload, ajvExecutors()),
};
