import type { ErrorObject } from 'ajv/dist/2020';
import { MAX_INPUT_ISSUES_KEPT, type ToolInputIssue } from '../../errors/invalid-tool-input.error';
import { describeType, Messages, previewValue } from '../../errors/messages/tool.messages';
import type { JsonSchema } from '../json-schema';
import { mapSchema } from './json-schema-walker';
import { prepareValidator } from './schema-compiler';

const MAX_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/** The first issues found (at most `MAX_INPUT_ISSUES_KEPT`), and how many there are in all. */
export interface SchemaIssues {
  readonly issues: readonly ToolInputIssue[];
  readonly count: number;
}

export type SchemaValidator = (value: unknown) => SchemaIssues | undefined;

/**
 * A validator for a JSON Schema that reports issues a model can act on. The schema is checked now (a bad one throws
 * `ToolDefinitionError`); ajv compiles it on first use, once per distinct schema (see `prepareValidator`, and for
 * `validByConstruction`).
 */
export function compileSchemaValidator(
  schema: JsonSchema,
  source: string,
  validByConstruction = false,
): SchemaValidator {
  const validator = prepareValidator(schema, source, withSafeIntegers, validByConstruction);
  return (value) => {
    const validate = validator();
    return validate(value) ? undefined : toIssues(validate.errors ?? [], value);
  };
}

/**
 * Integers beyond 2^53 are not exact once JSON.parse has read them (9007199254740993 becomes …992): an integer
 * schema only accepts the exact ones. Only the validated copy is bounded; the model's schema is left as written.
 */
function withSafeIntegers(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (sub) => {
    const type = sub.type;
    if (type !== 'integer' && !(Array.isArray(type) && type.includes('integer'))) return sub;
    const bounded = { ...sub };
    if (typeof sub.maximum !== 'number' || sub.maximum > MAX_EXACT_INTEGER)
      bounded.maximum = MAX_EXACT_INTEGER;
    if (typeof sub.minimum !== 'number' || sub.minimum < -MAX_EXACT_INTEGER)
      bounded.minimum = -MAX_EXACT_INTEGER;
    return bounded;
  });
}

/**
 * One pass over ajv's errors. A branch of an `anyOf`/`oneOf` is dropped when its composite reported itself too (the
 * summary line is enough for a model): the composites are indexed by schema path first, so each error is checked
 * against the prefixes of its own paths, never against every other error. Only the first issues are spelled out;
 * the others are counted.
 */
function toIssues(errors: readonly ErrorObject[], root: unknown): SchemaIssues {
  const composites = new Map<string, Set<string>>();
  for (const error of errors) {
    if (error.keyword !== 'anyOf' && error.keyword !== 'oneOf') continue;
    let instancePaths = composites.get(error.schemaPath);
    if (!instancePaths) composites.set(error.schemaPath, (instancePaths = new Set()));
    instancePaths.add(error.instancePath);
  }
  const issues: ToolInputIssue[] = [];
  const seen = new Set<string>();
  const accepted = new Map<object, string>();
  let count = 0;
  for (const error of errors) {
    if (composites.size > 0 && hasCompositeParent(error, composites)) continue;
    if (issues.length >= MAX_INPUT_ISSUES_KEPT) {
      count++;
      continue;
    }
    const issue = toIssue(error, root, accepted);
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
      count++;
    }
  }
  return { issues, count };
}

function hasCompositeParent(
  error: ErrorObject,
  composites: ReadonlyMap<string, ReadonlySet<string>>,
): boolean {
  const { schemaPath, instancePath } = error;
  for (let end = schemaPath.indexOf('/'); end !== -1; end = schemaPath.indexOf('/', end + 1)) {
    const instancePaths = composites.get(schemaPath.slice(0, end));
    if (instancePaths && hasPrefixIn(instancePath, instancePaths)) return true;
  }
  return false;
}

/** Whether a prefix of the pointer (itself, or up to a `/`) is in the set. */
function hasPrefixIn(pointer: string, prefixes: ReadonlySet<string>): boolean {
  if (prefixes.has(pointer) || prefixes.has('')) return true;
  for (let end = pointer.indexOf('/', 1); end !== -1; end = pointer.indexOf('/', end + 1)) {
    if (prefixes.has(pointer.slice(0, end))) return true;
  }
  return false;
}

function toIssue(error: ErrorObject, root: unknown, accepted: Map<object, string>): ToolInputIssue {
  const path = pointerToPath(error.instancePath);
  const received = valueAt(root, error.instancePath);
  // What ajv puts in `params` for the keywords read below (each keyword sets only its own).
  const params = error.params as {
    missingProperty: string;
    additionalProperty: string;
    type: string;
    allowedValues: unknown[];
    allowedValue: unknown;
    limit: number;
  };
  switch (error.keyword) {
    case 'required':
      return { path: join(path, params.missingProperty), message: 'is required but missing' };
    case 'additionalProperties':
      return {
        path: join(path, params.additionalProperty),
        message: `is not an accepted property${allowedProperties(error, accepted)}`,
      };
    case 'type':
      return {
        path,
        message: `must be ${params.type}, received ${describeReceived(received)}`,
      };
    case 'enum':
      return {
        path,
        message: `must be one of ${params.allowedValues.map((v) => previewValue(v)).join(', ')}, received ${previewValue(received)}`,
      };
    case 'const':
      return {
        path,
        message: `must be ${previewValue(params.allowedValue)}, received ${previewValue(received)}`,
      };
    case 'maximum':
    case 'minimum':
      if (Math.abs(params.limit) === MAX_EXACT_INTEGER && Number.isInteger(received)) {
        return { path, message: Messages.inexactInteger(MAX_EXACT_INTEGER) };
      }
      return { path, message: `${error.message ?? 'is invalid'}, received ${previewValue(received)}` };
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

/** Worked out once per schema: 20,000 unknown keys of one object share the list. */
function allowedProperties(error: ErrorObject, accepted: Map<object, string>): string {
  const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  const known = parent ? accepted.get(parent) : undefined;
  if (known !== undefined) return known;
  const names = parent?.properties ? Object.keys(parent.properties) : [];
  const text = names.length > 0 ? ` (accepted: ${names.join(', ')})` : ' (this object accepts no properties)';
  if (parent) accepted.set(parent, text);
  return text;
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
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    if (current === null || typeof current !== 'object') return undefined;
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    current = Object.hasOwn(current, segment) ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return current;
}
