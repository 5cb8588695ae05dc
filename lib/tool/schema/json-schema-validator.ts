import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import type { ToolInputIssue } from '../../errors/invalid-tool-input.error';
import { describeType, previewValue } from '../../errors/messages/tool.messages';
import type { JsonSchema } from '../json-schema';

let ajv: Ajv2020 | undefined;

function sharedAjv(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      coerceTypes: false,
      useDefaults: true,
      verbose: true,
      ownProperties: true,
    });
    addFormats(ajv);
  }
  return ajv;
}

export type SchemaValidator = (value: unknown) => readonly ToolInputIssue[] | undefined;

/** Compiles a JSON Schema once into a validator that reports issues a model can act on. */
export function compileSchemaValidator(schema: JsonSchema, source: string): SchemaValidator {
  let validate: ValidateFunction;
  try {
    const { $id: _id, ...rest } = schema;
    validate = sharedAjv().compile(rest);
  } catch (error) {
    throw new ToolDefinitionError(
      `${source}: invalid input JSON Schema: ${(error as Error).message}`,
      source,
      {
        cause: error,
      },
    );
  }
  return (value) => (validate(value) ? undefined : toIssues(validate.errors ?? [], value));
}

function toIssues(errors: readonly ErrorObject[], root: unknown): ToolInputIssue[] {
  const issues: ToolInputIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // anyOf/oneOf report each branch and then themselves; the summary line is enough for a model.
    if (errors.some((e) => e !== error && isCompositeParent(e, error))) continue;
    const issue = toIssue(error, root);
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

function isCompositeParent(parent: ErrorObject, child: ErrorObject): boolean {
  return (
    (parent.keyword === 'anyOf' || parent.keyword === 'oneOf') &&
    child.schemaPath.startsWith(parent.schemaPath + '/') &&
    child.instancePath.startsWith(parent.instancePath)
  );
}

function toIssue(error: ErrorObject, root: unknown): ToolInputIssue {
  const path = pointerToPath(error.instancePath);
  const received = valueAt(root, error.instancePath);
  const params = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return { path: join(path, params.missingProperty), message: 'is required but missing' };
    case 'additionalProperties':
      return {
        path: join(path, params.additionalProperty),
        message: `is not an accepted property${allowedProperties(error)}`,
      };
    case 'type':
      return {
        path,
        message: `must be ${params.type}, received ${describeReceived(received)}`,
      };
    case 'enum':
      return {
        path,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => previewValue(v)).join(', ')}, received ${previewValue(received)}`,
      };
    case 'const':
      return {
        path,
        message: `must be ${previewValue(params.allowedValue)}, received ${previewValue(received)}`,
      };
    default:
      return { path, message: `${error.message ?? 'is invalid'}, received ${previewValue(received)}` };
  }
}

/** `integer 42`, `string "x"`, but `null`, not `null null`. */
function describeReceived(value: unknown): string {
  return value === null || value === undefined
    ? String(value)
    : `${describeType(value)} ${previewValue(value)}`;
}

function allowedProperties(error: ErrorObject): string {
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const names = properties ? Object.keys(properties) : [];
  return names.length > 0 ? ` (accepted: ${names.join(', ')})` : ' (this object accepts no properties)';
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  let path = '';
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(segment) ? `[${segment}]` : path ? `.${segment}` : segment;
  }
  return path;
}

function valueAt(root: unknown, pointer: string): unknown {
  if (!pointer) return root;
  let current: any = root;
  for (const raw of pointer.slice(1).split('/')) {
    if (current === null || typeof current !== 'object') return undefined;
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = Object.hasOwn(current, segment) ? current[segment] : undefined;
  }
  return current;
}
