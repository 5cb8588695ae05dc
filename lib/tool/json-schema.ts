/** A JSON Schema (draft 2020-12) as a plain object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export const JSON_SCHEMA_DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
