'use strict';
require('reflect-metadata');
const { Injectable } = require('@nestjs/common');
const { loadLibrary } = require('./library');

const TOOLS_PER_CLASS = 10;
const DESIGN_TYPES = { string: String, integer: Number, number: Number, boolean: Boolean };

/**
 * Injectable classes whose @Tool methods are the workload's tools, TOOLS_PER_CLASS to a class, decorated as tsc
 * would compile
 *   @Tool({ description }) getWeather(@ToolParam({ name: 'city', description, schema }) city: string) { … }
 * Each method hands its arguments to the workload's function as the object it expects. `methodDecorators` go on
 * every tool method (the enhancer rows: `@UseGuards(…)`, `@UseInterceptors(…)`).
 */
function createToolClasses(workload, methodDecorators = []) {
  const { Tool, ToolParam } = loadLibrary('', ['Tool', 'ToolParam']);
  const classes = [];
  for (let first = 0; first < workload.tools.length; first += TOOLS_PER_CLASS) {
    const name = `WorkloadTools${classes.length}`;
    const ToolClass = { [name]: class {} }[name];
    for (const tool of workload.tools.slice(first, first + TOOLS_PER_CLASS)) {
      ToolClass.prototype[tool.name] = methodOf(tool);
      const paramDecorators = tool.params.map(
        (param, index) => (target, key) =>
          ToolParam({
            name: param.name,
            description: param.description,
            required: !param.optional,
            schema: tool.jsonSchema.properties[param.name],
          })(target, key, index),
      );
      Reflect.decorate(
        [
          Tool({ description: tool.description }),
          ...methodDecorators,
          ...paramDecorators,
          Reflect.metadata('design:type', Function),
          Reflect.metadata(
            'design:paramtypes',
            tool.params.map((param) => DESIGN_TYPES[param.type]),
          ),
          Reflect.metadata('design:returntype', Object),
        ],
        ToolClass.prototype,
        tool.name,
        Object.getOwnPropertyDescriptor(ToolClass.prototype, tool.name),
      );
    }
    Reflect.decorate([Injectable()], ToolClass);
    classes.push(ToolClass);
  }
  return classes;
}

/** Positional arguments (an absent optional one is undefined) → the workload function's argument object. */
function methodOf({ params, fn }) {
  const names = params.map((param) => param.name);
  return function toolMethod(...values) {
    const args = {};
    for (let i = 0; i < names.length; i++) if (values[i] !== undefined) args[names[i]] = values[i];
    return fn(args);
  };
}

module.exports = { createToolClasses };
