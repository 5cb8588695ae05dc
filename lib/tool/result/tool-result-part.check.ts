const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Whether a value read back from a store (memory, a paused run) is a `ToolResultPart`: a known kind, with the fields
 * that kind needs.
 */
export function isToolResultPart(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  switch (p.type) {
    case 'text':
      return isString(p.text);
    case 'image':
    case 'file':
      return isString(p.mediaType) && (isString(p.data) || isString(p.url));
    case 'audio':
      return isString(p.mediaType) && isString(p.data);
    case 'resource-link':
      return isString(p.uri) && isString(p.name);
    case 'resource':
      return isString(p.uri) && (isString(p.text) || isString(p.data));
    default:
      return false;
  }
}
