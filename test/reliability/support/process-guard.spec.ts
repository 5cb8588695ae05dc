/** @jest-environment ./test/reliability/support/host-process.environment.js */
import {
  ProcessGuard,
  hostProcess,
  pollutionProbes,
  prototypeChanges,
  takePrototypeSnapshot,
} from './process-guard';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// The other suites trust these checks; each of them is shown failing here.
describe('ProcessGuard', () => {
  it('sees a rejection nobody handles', async () => {
    const guard = new ProcessGuard();
    guard.start();
    try {
      const forgotten = Promise.reject(new Error('nobody listens'));
      await nextTurn();
      // Handled now (Node then emits 'rejectionHandled'), so that Jest, which listens as well, forgets it.
      forgotten.catch(() => undefined);
      await nextTurn();
      expect(guard.unhandledRejections).toEqual([new Error('nobody listens')]);
    } finally {
      guard.stop();
    }
    const listening = hostProcess().listenerCount('unhandledRejection');
    guard.start();
    expect(hostProcess().listenerCount('unhandledRejection')).toBe(listening + 1);
    guard.stop();
    expect(hostProcess().listenerCount('unhandledRejection')).toBe(listening);
  });

  it('sees a property added to, replaced on or removed from a built-in prototype', () => {
    const before = takePrototypeSnapshot();
    const original = Array.prototype.includes;
    try {
      (Object.prototype as any).polluted = 'yes';
      Array.prototype.includes = () => true;
      expect(prototypeChanges(before)).toEqual([
        'Object.prototype.polluted added',
        'Array.prototype.includes replaced',
      ]);
      expect(pollutionProbes()).toEqual([
        '({}).polluted',
        '[].polluted',
        'Object.create(Object.prototype).polluted',
        'function.polluted',
        'string.polluted',
      ]);
    } finally {
      delete (Object.prototype as any).polluted;
      Array.prototype.includes = original;
    }
    expect(prototypeChanges(before)).toEqual([]);
    expect(pollutionProbes()).toEqual([]);
  });

  it('fails assertClean when something went wrong', async () => {
    const guard = new ProcessGuard();
    guard.start();
    guard.stop();
    guard.uncaughtExceptions.push(new Error('boom'));
    await expect(guard.assertClean()).rejects.toThrow('toEqual');
  });
});
