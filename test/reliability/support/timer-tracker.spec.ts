import { TimerTracker } from './timer-tracker';

describe('TimerTracker', () => {
  it('names the timers created since it started that have neither fired nor been cleared', async () => {
    const tracker = new TimerTracker();
    try {
      const forgotten = setTimeout(() => undefined, 60_000);
      const cleared = setTimeout(() => undefined, 60_000);
      clearTimeout(cleared);
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(await tracker.stillPending()).toEqual([expect.stringContaining('timer-tracker.spec.ts:7')]);
      clearTimeout(forgotten);
      expect(await tracker.stillPending()).toEqual([]);
    } finally {
      tracker.stop();
    }
  });
});
