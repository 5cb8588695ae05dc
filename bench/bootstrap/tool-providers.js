'use strict';
require('reflect-metadata');
const { Injectable } = require('@nestjs/common');
const { loadLibrary } = require('../impl/support/library');

const TOOLS_PER_PROVIDER = 10;

/**
 * `toolCount` @Tool methods spread over providers of TOOLS_PER_PROVIDER methods each, decorated exactly as tsc
 * would compile `@Tool() lookupN(@ToolParam({ name: 'city' }) city: string)` (plain JS has no decorator syntax).
 * With `distinctSchemas`, each parameter's description names its tool, so that no two input schemas are the same.
 */
function createToolProviders(toolCount, { distinctSchemas = false } = {}) {
  const { Tool, ToolParam } = loadLibrary('', ['Tool', 'ToolParam']);
  const providers = [];
  for (let first = 0; first < toolCount; first += TOOLS_PER_PROVIDER) {
    const index = providers.length;
    const Provider = { [`ToolProvider${index}`]: class {} }[`ToolProvider${index}`];
    for (let t = first; t < Math.min(first + TOOLS_PER_PROVIDER, toolCount); t++) {
      const key = `lookup${t}`;
      Provider.prototype[key] = function lookup(city) {
        return { city, tool: t };
      };
      Reflect.decorate(
        [
          Tool({ description: `Looks up record set ${t} for a city.` }),
          (target, propertyKey) =>
            ToolParam({
              name: 'city',
              description: distinctSchemas ? `City name for record set ${t}` : 'City name',
            })(target, propertyKey, 0),
          Reflect.metadata('design:type', Function),
          Reflect.metadata('design:paramtypes', [String]),
          Reflect.metadata('design:returntype', Object),
        ],
        Provider.prototype,
        key,
        Object.getOwnPropertyDescriptor(Provider.prototype, key),
      );
    }
    Reflect.decorate([Injectable()], Provider);
    providers.push(Provider);
  }
  return providers;
}

module.exports = { createToolProviders, TOOLS_PER_PROVIDER };
