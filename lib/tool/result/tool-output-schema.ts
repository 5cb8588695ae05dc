import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from '../json-schema';

/**
 * What a tool's structured result looks like: a JSON Schema of `type: "object"`, a Standard Schema (zod…) of an
 * object, or a class-validator DTO class, as for inputs.
 */
export type ToolOutputSchema = JsonSchema | StandardSchemaV1 | (abstract new (...args: any[]) => object);
