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
    const ajv = new Ajv({ allErrors: true });
    return createMinimalLoop(workload, (tool) => {
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
    });
  },
};
