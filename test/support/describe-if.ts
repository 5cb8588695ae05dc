/**
 * `describe` when `available` is truthy; otherwise `describe.skip`, saying why on the console. Written to stderr
 * directly: Jest prints no console output of a test file whose tests were all skipped.
 */
export function describeIf(available: unknown, missing: string): (title: string, body: () => void) => void {
  return (title, body) => {
    if (available) return describe(title, body);
    process.stderr.write(`skipped: "${title}": ${missing}\n`);
    describe.skip(title, body);
  };
}
