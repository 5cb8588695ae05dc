/** What a suite must leave behind: no unhandled rejection, no uncaught exception, built-in prototypes untouched. */
export class ProcessGuard {
  readonly unhandledRejections: unknown[] = [];
  readonly uncaughtExceptions: unknown[] = [];
  private snapshot?: PrototypeSnapshot;
  private readonly onRejection = (reason: unknown): void => void this.unhandledRejections.push(reason);
  private readonly onException = (error: unknown): void => void this.uncaughtExceptions.push(error);

  constructor(private readonly host: NodeJS.Process = hostProcess()) {}

  start(): void {
    this.snapshot = takePrototypeSnapshot();
    this.host.on('unhandledRejection', this.onRejection);
    this.host.on('uncaughtException', this.onException);
  }

  stop(): void {
    this.host.off('unhandledRejection', this.onRejection);
    this.host.off('uncaughtException', this.onException);
  }

  /** Waits for pending rejections to be reported, then fails the test naming whatever went wrong. */
  async assertClean(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    expect(this.unhandledRejections).toEqual([]);
    expect(this.uncaughtExceptions).toEqual([]);
    expect(prototypeChanges(this.snapshot!)).toEqual([]);
    expect(pollutionProbes()).toEqual([]);
  }
}

/** A guard started before the suite's tests and stopped after them; end the suite with `guard.assertClean()`. */
export function installProcessGuard(): ProcessGuard {
  const guard = new ProcessGuard();
  beforeAll(() => guard.start());
  afterAll(() => guard.stop());
  return guard;
}

export function hostProcess(): NodeJS.Process {
  const host = (globalThis as { __hostProcess?: NodeJS.Process }).__hostProcess;
  if (!host) {
    throw new Error(
      'this suite needs the real process: start the file with /** @jest-environment ./test/reliability/support/host-process.environment.js */',
    );
  }
  return host;
}

const PROTOTYPES: ReadonlyArray<readonly [string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

type PrototypeSnapshot = ReadonlyArray<readonly [string, ReadonlyMap<PropertyKey, PropertyDescriptor>]>;

export function takePrototypeSnapshot(): PrototypeSnapshot {
  return PROTOTYPES.map(([name, prototype]) => {
    const descriptors = Object.getOwnPropertyDescriptors(prototype);
    return [name, new Map(Reflect.ownKeys(descriptors).map((key) => [key, (descriptors as any)[key]]))];
  });
}

/** Every own property of a built-in prototype added, removed or replaced since the snapshot. */
export function prototypeChanges(before: PrototypeSnapshot): string[] {
  const changes: string[] = [];
  for (const [i, [name, prototype]] of PROTOTYPES.entries()) {
    const then = before[i][1];
    const now = Object.getOwnPropertyDescriptors(prototype) as Record<PropertyKey, PropertyDescriptor>;
    for (const key of Reflect.ownKeys(now)) {
      const old = then.get(key);
      const current = now[key as any];
      if (!old) changes.push(`${name}.${String(key)} added`);
      else if (old.value !== current.value || old.get !== current.get || old.set !== current.set) {
        changes.push(`${name}.${String(key)} replaced`);
      }
    }
    for (const key of then.keys())
      if (!Object.hasOwn(now, key)) changes.push(`${name}.${String(key)} removed`);
  }
  return changes;
}

/** The properties the fuzzed payloads try to plant, read through fresh objects of every kind. */
export function pollutionProbes(): string[] {
  const found: string[] = [];
  const probes: Array<[string, any]> = [
    ['({})', {}],
    ['[]', []],
    ['Object.create(Object.prototype)', Object.create(Object.prototype)],
    ['function', () => undefined],
    ['string', ''],
  ];
  for (const [label, value] of probes) {
    for (const key of ['polluted', 'isAdmin', 'shell'])
      if (value[key] !== undefined) found.push(`${label}.${key}`);
  }
  return found;
}
