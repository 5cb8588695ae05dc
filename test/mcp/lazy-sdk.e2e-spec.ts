import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

describe('the MCP SDK, an optional peer', () => {
  it('is not loaded by importing the MCP entry of the library, nor by building an McpToolCallbackProvider', () => {
    const script = `
      require('reflect-metadata');
      require(${JSON.stringify(join(ROOT, 'test', 'reliability', 'soak', 'register-ts.js'))});
      const lib = require(${JSON.stringify(join(ROOT, 'lib', 'mcp', 'index.ts'))});
      new lib.McpToolCallbackProvider({ servers: { kb: { command: 'node' } } });
      const loaded = Object.keys(require.cache).filter((file) => file.includes('@modelcontextprotocol'));
      process.stdout.write(JSON.stringify(loaded));
    `;
    const output = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual([]);
  });
});
