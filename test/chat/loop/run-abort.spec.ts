import { RunAbort, signalOf } from '../../../lib/chat/loop/run-abort';

describe('RunAbort', () => {
  it('calls its listeners once, in order, with the first reason only', () => {
    const abort = new RunAbort();
    const calls: string[] = [];
    const removed = (): number => calls.push('removed');
    const first = (): number => calls.push(`first ${String(abort.reason)}`);
    abort.addEventListener('abort', first);
    abort.addEventListener('abort', first);
    abort.addEventListener('abort', removed);
    abort.addEventListener('abort', () => calls.push('second'));
    abort.removeEventListener('abort', removed);

    abort.abort('stop');
    abort.abort('again');

    expect(calls).toEqual(['first stop', 'second']);
    expect(abort.aborted).toBe(true);
    expect(abort.reason).toBe('stop');
    expect(() => abort.throwIfAborted()).toThrow('stop');
  });

  it('aborts with an AbortError when given no reason, as AbortController does', () => {
    const abort = new RunAbort();
    abort.abort();
    const reference = new AbortController();
    reference.abort();
    expect(abort.reason).toBeInstanceOf(DOMException);
    expect(abort.reason).toMatchObject({ name: 'AbortError', message: 'This operation was aborted' });
    expect((abort.reason as Error).message).toBe((reference.signal.reason as Error).message);
  });

  it('makes a real signal on first use, aborted with the same reason before or after', () => {
    const early = new RunAbort();
    const signal = early.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(early.signal).toBe(signal);
    expect(signal.aborted).toBe(false);
    early.abort('late');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('late');

    const late = new RunAbort();
    late.abort('already');
    expect(late.signal.aborted).toBe(true);
    expect(late.signal.reason).toBe('already');
  });

  it('follows the caller signals until disposed, and an aborted one at once', () => {
    const caller = new AbortController();
    const abort = new RunAbort();
    abort.follow(caller.signal);
    abort.follow(undefined);
    caller.abort('caller left');
    expect(abort.reason).toBe('caller left');

    const ignored = new AbortController();
    const disposed = new RunAbort();
    disposed.follow(ignored.signal);
    disposed.dispose();
    ignored.abort('too late');
    expect(disposed.aborted).toBe(false);

    const gone = new AbortController();
    gone.abort('gone');
    const started = new RunAbort();
    started.follow(gone.signal);
    expect(started.reason).toBe('gone');
  });

  it('takes no listener once aborted', () => {
    const abort = new RunAbort();
    abort.abort('done');
    const listener = jest.fn();
    abort.addEventListener('abort', listener);
    abort.abort('again');
    expect(listener).not.toHaveBeenCalled();
  });

  it('signalOf() gives a real signal for either kind', () => {
    const controller = new AbortController();
    expect(signalOf(controller.signal)).toBe(controller.signal);
    expect(signalOf(undefined)).toBeUndefined();
    const abort = new RunAbort();
    expect(signalOf(abort)).toBe(abort.signal);
  });
});
