import { LazyAbortController } from '../../lib/tool/lazy-abort-controller';

describe('LazyAbortController', () => {
  it('gives the same signal on every read, aborted when the controller is', () => {
    const controller = new LazyAbortController();
    const signal = controller.signal;
    expect(controller.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    const seen: unknown[] = [];
    signal.addEventListener('abort', () => seen.push(signal.reason));
    controller.abort('first');
    controller.abort('second');
    expect(seen).toEqual(['first']);
    expect(signal.reason).toBe('first');
  });

  it('makes the signal already aborted, with the first reason, when it is read after an abort', () => {
    const controller = new LazyAbortController();
    const reason = new Error('timed out');
    controller.abort(reason);
    controller.abort(new Error('later'));
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
  });

  it('gives an AbortError reason when aborted without one, as AbortController does', () => {
    const controller = new LazyAbortController();
    controller.abort();
    expect(controller.signal.reason).toMatchObject({ name: 'AbortError' });
  });
});
