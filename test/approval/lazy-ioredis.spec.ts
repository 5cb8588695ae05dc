import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

describe('the Redis stores are optional', () => {
  it('importing the Redis entry of the library does not load ioredis', () => {
    const root = join(__dirname, '..', '..');
    const loaded = execFileSync(
      process.execPath,
      [
        '-r',
        join(root, 'test/reliability/soak/register-ts.js'),
        '-e',
        "require('reflect-metadata'); const lib = require('./lib/redis/index.ts');" +
          "if (typeof lib.RedisApprovalStore !== 'function') throw new Error('no RedisApprovalStore');" +
          "process.stdout.write(String(Object.keys(require.cache).some((file) => file.includes('/node_modules/ioredis/'))))",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(loaded).toBe('false');
  });
});
