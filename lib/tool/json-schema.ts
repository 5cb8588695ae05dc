/** A JSON Schema (draft 2020-12) as a plain object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The `$schema` of the schemas shown to the model. */
export const JSON_SCHEMA_DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
