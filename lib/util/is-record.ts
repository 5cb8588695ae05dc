/** A plain object (not null, not an array): a JSON object read from untrusted data, or a JSON Schema node. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
