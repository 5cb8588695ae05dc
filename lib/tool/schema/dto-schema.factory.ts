import { ToolDefinitionError } from '../../errors/tool-definition.error';
import { requireOptional } from '../../util/optional-require';
import { ToolMetadataAccessor } from '../decorators/tool-metadata.accessor';
import { JSON_SCHEMA_DRAFT_2020_12, type JsonSchema } from '../json-schema';

type Schema = Record<string, any>;
const REF_PREFIX = '#/$defs/';

interface SchemaCatalog {
  readonly metadataCount: number;
  readonly byName: Record<string, Schema>;
  readonly classes: Map<string, Function>;
}

let catalog: SchemaCatalog | undefined;

/**
 * class-validator-jsonschema converts every decorated class at once; the result is reused until new classes are
 * decorated, so defining many DTO tools at bootstrap stays linear.
 */
function schemaCatalog(source: string): SchemaCatalog {
  const classValidator = requireOptional<typeof import('class-validator')>(
    'class-validator',
    'A DTO input',
    source,
  );
  const storage = classValidator.getMetadataStorage() as unknown as {
    validationMetadatas: Map<Function, unknown[]>;
  };
  const metadataCount = [...storage.validationMetadatas.values()].reduce((sum, list) => sum + list.length, 0);
  if (catalog && catalog.metadataCount === metadataCount) return catalog;
  const converter = requireOptional<typeof import('class-validator-jsonschema')>(
    'class-validator-jsonschema',
    'A DTO input',
    source,
  );
  requireOptional('class-transformer', 'A DTO input', source);
  const { defaultMetadataStorage } = require('class-transformer/cjs/storage');
  const byName = converter.validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF_PREFIX,
  }) as Record<string, Schema>;
  const classes = new Map<string, Function>();
  for (const type of storage.validationMetadatas.keys())
    if (typeof type === 'function') classes.set(type.name, type);
  catalog = { metadataCount, byName, classes };
  return catalog;
}

export function hasValidationMetadata(type: Function, source: string): boolean {
  return Object.hasOwn(schemaCatalog(source).byName, type.name);
}

/**
 * The JSON Schema of a class-validator DTO, with nested DTOs inlined, `additionalProperties: false` on every object
 * (the validation refuses unknown properties), and descriptions / `required: false` from `@ToolParam` properties.
 */
export function dtoToJsonSchema(type: Function, source: string): JsonSchema {
  const { byName, classes } = schemaCatalog(source);
  if (!Object.hasOwn(byName, type.name)) {
    throw new ToolDefinitionError(
      `${source}: the input class ${type.name} has no class-validator decorators, so its properties are unknown; ` +
        'decorate its properties (@IsString(), @IsInt(), …)',
      source,
    );
  }
  const inline = (name: string, path: readonly string[]): Schema => {
    if (path.includes(name)) {
      throw new ToolDefinitionError(
        `${source}: the input class ${type.name} is recursive (${[...path, name].join(' → ')}), which a tool schema cannot express`,
        source,
      );
    }
    const schema: Schema = structuredClone(byName[name] ?? { type: 'object' });
    const resolveRefs = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(resolveRefs);
      if (typeof node !== 'object' || node === null) return node;
      const ref = (node as Schema).$ref;
      if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
        const { $ref: _ref, ...rest } = node as Schema;
        return { ...inline(ref.slice(REF_PREFIX.length), [...path, name]), ...rest };
      }
      const copy: Schema = {};
      for (const [key, value] of Object.entries(node)) copy[key] = resolveRefs(value);
      return copy;
    };
    const resolved = resolveRefs(schema) as Schema;
    applyPropertyOptions(resolved, classes.get(name));
    resolved.type = 'object';
    resolved.properties ??= {};
    resolved.required ??= [];
    resolved.additionalProperties = false;
    return resolved;
  };
  return { $schema: JSON_SCHEMA_DRAFT_2020_12, ...inline(type.name, []) };
}

function applyPropertyOptions(schema: Schema, type: Function | undefined): void {
  if (!type) return;
  for (const [key, options] of ToolMetadataAccessor.getPropertyOptions(type)) {
    const property = schema.properties?.[key];
    if (!property || !options) continue;
    if (options.description) property.description = options.description;
    if (options.required === false && Array.isArray(schema.required)) {
      schema.required = schema.required.filter((name: string) => name !== key);
    }
  }
}
