import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ToolDefinitionError } from '../../errors/tool-definition.error';
import type { JsonSchema } from '../json-schema';
import { checkSchemaShape } from './schema-shape.check';

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
      // Checked before compiling (see prepareValidator): ajv's own check would compile the meta-schema, ~180 ms.
      validateSchema: false,
    });
    addFormats(ajv);
  }
  return ajv;
}

/** Validators compiled so far, by schema text: tools that share a shape share one (past the bound, the oldest goes). */
const compiled = new Map<string, ValidateFunction>();
const MAX_SHARED_VALIDATORS = 2_000;

function remembered(key: string): ValidateFunction | undefined {
  return compiled.get(key);
}

function remember(key: string, validate: ValidateFunction): void {
  if (compiled.size >= MAX_SHARED_VALIDATORS) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, validate);
}

function definitionError(source: string, error: unknown): ToolDefinitionError {
  return new ToolDefinitionError(
    `${source}: invalid input JSON Schema: ${(error as Error).message}`,
    source,
    {
      cause: error,
    },
  );
}

function compile(schema: object, key: string, source: string): ValidateFunction {
  const cached = remembered(key);
  if (cached) return cached;
  const instance = sharedAjv();
  let validate: ValidateFunction;
  try {
    validate = instance.compile(schema);
  } catch (error) {
    throw definitionError(source, error);
  } finally {
    // The function keeps what it needs; ajv's own cache would keep every schema ever compiled.
    instance.removeSchema(schema);
  }
  remember(key, validate);
  return validate;
}

/**
 * Checks a tool's input schema now and returns its ajv validator, compiled on first use. Compiling costs
 * milliseconds per schema, so an app with a thousand tools spent seconds at bootstrap on validators most of which
 * may never run. A schema made of the usual keywords is checked here against the meta-schema's rules
 * (`checkSchemaShape`) and compiled when a call first needs it, once per distinct schema; any other schema is
 * compiled at once, so a bad schema still throws `ToolDefinitionError` here, with ajv's words. `forValidation`
 * makes the copy ajv compiles (the checked schema stays as written). `validByConstruction` skips the check for a
 * schema the library made itself from plain parameter types (and that has no `$id`).
 */
export function prepareValidator(
  schema: JsonSchema,
  source: string,
  forValidation: (schema: JsonSchema) => JsonSchema = (same) => same,
  validByConstruction = false,
): () => ValidateFunction {
  const rest = validByConstruction ? schema : withoutId(schema);
  if (!validByConstruction && checkSchemaShape(rest) !== 'valid') {
    const instance = sharedAjv();
    let valid: boolean;
    try {
      valid = instance.validateSchema(rest) as boolean;
    } catch (error) {
      throw definitionError(source, error);
    }
    if (!valid) {
      throw definitionError(source, new Error(`schema is invalid: ${instance.errorsText(instance.errors)}`));
    }
    const validate = compile(forValidation(rest), JSON.stringify(rest), source);
    return () => validate;
  }
  let validate: ValidateFunction | undefined;
  return () => (validate ??= compile(forValidation(rest), JSON.stringify(rest), source));
}

function withoutId(schema: JsonSchema): JsonSchema {
  const { $id: _id, ...rest } = schema;
  return rest;
}
