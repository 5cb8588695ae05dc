import { RequestContextHolder } from 'nestjs-tool-calling';

describe('RequestContextHolder', () => {
  const holder = new RequestContextHolder();

  it('holds nothing outside run()', () => {
    expect(holder.currentRequest()).toBeUndefined();
  });

  it('holds the request for everything run() starts, across awaits, and lets go afterwards', async () => {
    const request = { url: '/a' };
    const seen = await holder.run(request, async () => {
      const before = holder.currentRequest();
      await new Promise<void>((resolve) => setImmediate(resolve));
      return [before, holder.currentRequest()];
    });
    expect(seen).toEqual([request, request]);
    expect(seen[0]).toBe(request);
    expect(holder.currentRequest()).toBeUndefined();
  });

  it('keeps concurrent requests apart', async () => {
    let releaseA!: () => void;
    const aMayRead = new Promise<void>((resolve) => (releaseA = resolve));
    const a = { url: '/a' };
    const b = { url: '/b' };
    const readA = holder.run(a, async () => {
      await aMayRead;
      return holder.currentRequest();
    });
    const readB = holder.run(b, () => {
      releaseA();
      return holder.currentRequest();
    });
    expect(await readA).toBe(a);
    expect(readB).toBe(b);
  });

  it('restores the outer request after a nested run()', () => {
    const outer = { url: '/outer' };
    const inner = { url: '/inner' };
    holder.run(outer, () => {
      expect(holder.run(inner, () => holder.currentRequest())).toBe(inner);
      expect(holder.currentRequest()).toBe(outer);
    });
  });
});
