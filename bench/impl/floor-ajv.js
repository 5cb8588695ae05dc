'use strict';
const Ajv = require('ajv');
const { createMinimalLoop } = require('./support/minimal-loop');

/**
 * The realistic floor: the minimal loop plus ajv validation against each tool's JSON Schema (compiled once), and
 * the error texts a model needs to correct itself.
 */
module.exports = {
  label: 'floor+ajv',
  validatesArguments: true,
  async setup(workload) {
    return createMinimalLoop(workload, ajvExecutors());
  },
  ajvExecutors,
};

/** The executor factory of floor+ajv: per tool, JSON text in, validated, called, JSON text out (floor-stream too). */
function ajvExecutors() {
  const ajv = new Ajv({ allErrors: true });
  return (tool) => {
    const { fn, name } = tool;
    const validate = ajv.compile(tool.jsonSchema);
    return async (argumentsJson) => {
      let args;
      try {
        args = JSON.parse(argumentsJson);
      } catch (error) {
        return `Invalid JSON arguments for ${name}: ${error.message}`;
      }
      if (!validate(args)) return `Invalid arguments for ${name}: ${ajv.errorsText(validate.errors)}`;
      return JSON.stringify(await fn(args));
    };
  };
}
