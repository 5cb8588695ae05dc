// Node's fs with the `globSync` of Node 22, which the conformance suite's tier-check needs and Node 20 lacks.
import fs from 'node:fs';

export * from 'node:fs';
export default fs;

export function globSync() {
  throw new Error('fs.globSync needs Node 22 or later (the conformance suite uses it only for tier-check)');
}
