import type { JsonSchema } from '../../tool/json-schema';
import { deepFreeze, mapSchema } from '../../tool/schema/json-schema-walker';
import { isRecord } from '../../util/is-record';

type Schema = Record<string, unknown>;

const NULL_SCHEMA: Schema = { type: 'null' };

/**
 * Adapts a tool's input schema to what OpenAI's strict mode (`strict: true`) accepts: in every object, every
 * property is listed in `required` and `additionalProperties` is `false`; a property that was optional becomes
 * nullable (`type: [..., "null"]`, or `anyOf: [..., {type: "null"}]`), so the model sends `null` for "absent".
 * `removeNullOptionalArguments` undoes that on the arguments before they are validated. `default` keywords are
 * dropped and `oneOf` becomes `anyOf` (strict mode accepts neither).
 *
 * Returns `undefined` when the schema cannot be made strict without changing its meaning: an object that accepts
 * arbitrary keys (a map: `additionalProperties` as a schema, `patternProperties`, or no `properties` at all), or a
 * root that is not an object. Such a tool is sent without strict mode.
 */
export function toOpenAiStrictSchema(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type !== 'object') return undefined;
  let compatible = true;
  const adapted = mapSchema(schema, (sub) => {
    if (!isObjectSchema(sub)) return cleanup(sub);
    const isMap =
      sub.patternProperties !== undefined ||
      isRecord(sub.additionalProperties) ||
      (!isRecord(sub.properties) && sub.additionalProperties !== false);
    if (isMap) {
      compatible = false;
      return sub;
    }
    const properties = isRecord(sub.properties) ? sub.properties : {};
    const required = new Set(Array.isArray(sub.required) ? sub.required : []);
    const strictProperties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        required.has(name) || !isRecord(property) ? property : nullable(property),
      ]),
    );
    return cleanup({
      ...sub,
      properties: strictProperties,
      required: Object.keys(properties),
      additionalProperties: false,
    });
  });
  if (!compatible) return undefined;
  const { $schema: _draft, ...body } = adapted;
  return deepFreeze(body);
}

function isObjectSchema(schema: Schema): boolean {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isRecord(schema.properties);
}

function cleanup(schema: Schema): Schema {
  const { default: _default, oneOf, ...rest } = schema;
  return oneOf === undefined ? rest : { ...rest, anyOf: oneOf };
}

function nullable(schema: Schema): Schema {
  const type = schema.type;
  if ('const' in schema || (type === undefined && !Array.isArray(schema.anyOf))) {
    const { description, ...rest } = schema;
    return { ...(description !== undefined ? { description } : {}), anyOf: [rest, NULL_SCHEMA] };
  }
  if (Array.isArray(schema.anyOf) && type === undefined) {
    return schema.anyOf.some((branch) => isRecord(branch) && branch.type === 'null')
      ? schema
      : { ...schema, anyOf: [...(schema.anyOf as unknown[]), NULL_SCHEMA] };
  }
  const types: unknown[] = Array.isArray(type) ? type : [type];
  if (types.includes('null')) return schema;
  const result: Schema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    result.enum = [...(schema.enum as unknown[]), null];
  return result;
}
