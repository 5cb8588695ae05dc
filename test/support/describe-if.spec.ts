import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..');

describe('describeIf', () => {
  it('says on the console why a skipped suite is skipped, through Jest’s own reporter', async () => {
    const config = {
      rootDir: root,
      testMatch: ['<rootDir>/test/support/fixtures/skipped-suite.fixture.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
    };
    const { stderr } = await promisify(execFile)(
      process.execPath,
      [require.resolve('jest/bin/jest'), '--ci', '--config', JSON.stringify(config)],
      { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } },
    );
    expect(stderr).toContain(
      'skipped: "a suite that needs it": no frobnicator installed (apt-get install -y frobnicator)',
    );
    expect(stderr).toMatch(/Tests: +1 skipped, 1 total/);
  }, 60_000);
});
