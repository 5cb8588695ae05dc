'use strict';
const { CORE_TOOLS } = require('./core-tools');
const { generatedTools } = require('./generated-tools');

/** The first `size` tools: the 50 the queries are written for, then generated business-system tools. */
function toolSet(size) {
  if (size < CORE_TOOLS.length) throw new Error(`a tool set has at least ${CORE_TOOLS.length} tools`);
  const filler = generatedTools();
  if (size - CORE_TOOLS.length > filler.length)
    throw new Error(`at most ${CORE_TOOLS.length + filler.length} tools`);
  return [...CORE_TOOLS, ...filler.slice(0, size - CORE_TOOLS.length)];
}

/** The JSON Schema of a tool's parameters, every parameter required, as an app would declare them. */
function jsonSchemaOf(params) {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(params).map(([name, [type, description]]) => [name, { type, description }]),
    ),
    required: Object.keys(params),
  };
}

module.exports = { toolSet, jsonSchemaOf };
