'use strict';
const { z } = require('zod');

/**
 * Each tool's input is written once as a list of parameters and turned into the two forms the implementations
 * consume: a JSON Schema (the floor, ajv, the library) and a zod schema (the AI SDK, LangChain). Both say the same
 * thing: an object whose listed parameters are required unless marked optional.
 *
 * @typedef {{ name: string, type: 'string' | 'integer' | 'number' | 'boolean', description: string,
 *             optional?: boolean, minLength?: number, minimum?: number, maximum?: number }} Param
 */

/** @param {Param[]} params */
function toJsonSchema(params) {
  const properties = {};
  const required = [];
  for (const p of params) {
    const property = { type: p.type, description: p.description };
    if (p.minLength !== undefined) property.minLength = p.minLength;
    if (p.minimum !== undefined) property.minimum = p.minimum;
    if (p.maximum !== undefined) property.maximum = p.maximum;
    properties[p.name] = property;
    if (!p.optional) required.push(p.name);
  }
  return { type: 'object', properties, required };
}

/** @param {Param[]} params */
function toZodSchema(params) {
  const shape = {};
  for (const p of params) {
    let field;
    if (p.type === 'string') field = z.string();
    else if (p.type === 'boolean') field = z.boolean();
    else field = p.type === 'integer' ? z.number().int() : z.number();
    if (p.minLength !== undefined) field = field.min(p.minLength);
    if (p.minimum !== undefined) field = field.min(p.minimum);
    if (p.maximum !== undefined) field = field.max(p.maximum);
    field = field.describe(p.description);
    shape[p.name] = p.optional ? field.optional() : field;
  }
  return z.object(shape);
}

module.exports = { toJsonSchema, toZodSchema };
