import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../json-schema';
import { deepFreeze, mapSchema } from './json-schema-walker';
import { copyModelSchema } from './model-schema.copier';

/** How `toModelSchema` adapts a schema for a model. */
export interface ModelSchemaOptions {
  /**
   * Keep `format` keywords in the schema sent to the model. Off by default: some providers reject them. When
   * removed, the format is named in the description instead, so the model still knows what to send.
   */
  keepFormat?: boolean;
}

/**
 * The schema the model is shown: a frozen copy of the tool's input schema with `$schema` set to draft 2020-12,
 * `properties` on the root object (`{}` when the schema has none) and, unless asked to keep them, no `format`
 * keywords.
 */
export function toModelSchema(schema: JsonSchema, options: ModelSchemaOptions = {}): JsonSchema {
  return copyModelSchema(schema, !options.keepFormat) ?? adaptAnySchema(schema, options);
}

/** The general path, for schemas that hold more than plain JSON values (`structuredClone` copies or refuses them). */
function adaptAnySchema(schema: JsonSchema, options: ModelSchemaOptions): JsonSchema {
  const adapted = mapSchema(schema, (sub) => {
    if (!options.keepFormat && typeof sub.format === 'string') {
      const { format, ...rest } = sub;
      const hint = `(format: ${format})`;
      rest.description = typeof rest.description === 'string' ? `${rest.description} ${hint}` : hint;
      return rest;
    }
    return sub;
  });
  const { $schema: _ignored, ...body } = adapted;
  // Spring AI's ensureValidInputSchema: some providers refuse an object schema without properties.
  if (body.type === 'object' && body.properties === undefined) body.properties = {};
  return deepFreeze({ $schema: JSON_SCHEMA_DRAFT_2020_12, ...body });
}

export const EMPTY_OBJECT_SCHEMA: JsonSchema = deepFreeze({
  $schema: JSON_SCHEMA_DRAFT_2020_12,
  type: 'object',
  properties: {},
  required: [],
  additionalProperties: false,
});
