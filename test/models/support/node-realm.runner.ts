import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

// Compiles .ts files on the fly (types are checked by tsc separately) and runs the script named by argv[1].
const BOOTSTRAP = `
const fs = require('node:fs');
const ts = require('typescript');
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  });
  module._compile(outputText, filename);
};
require(process.argv[1]);
`;

/**
 * Runs a TypeScript script in a plain Node process and returns what it printed. For the few behaviours that Jest's
 * sandbox changes: errors thrown by Node's own fetch come from another realm there, so the SDKs' `instanceof Error`
 * checks fail and, for instance, a time-out is reported as a mere connection error.
 */
export function runInNodeRealm(script: string, env: Readonly<Record<string, string>>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', BOOTSTRAP, join(__dirname, script)],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 15_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}
