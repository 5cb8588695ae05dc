import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

describe('the Redis stores are optional', () => {
  it('importing the library, or its redis entry, does not load ioredis', () => {
    const root = join(__dirname, '..', '..');
    const loaded = execFileSync(
      process.execPath,
      [
        '-r',
        join(root, 'test/reliability/soak/register-ts.js'),
        '-e',
        "require('reflect-metadata'); require('./lib/index.ts'); const redis = require('./lib/redis/index.ts');" +
          "if (typeof redis.RedisApprovalStore !== 'function') throw new Error('no RedisApprovalStore');" +
          "process.stdout.write(String(Object.keys(require.cache).some((file) => file.includes('/node_modules/ioredis/'))))",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(loaded).toBe('false');
  });
});
