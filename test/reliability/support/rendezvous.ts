/**
 * Holds every party until `parties` have arrived, so that a test knows they were all in flight at once. Rejects,
 * naming how many came, if they do not all arrive within `withinMs` (a bound for a broken test, not a timing).
 */
export class Rendezvous {
  private arrived = 0;
  private release!: () => void;
  private fail!: (error: Error) => void;
  /** Settles when every party has arrived, without being one of them. */
  readonly allArrived: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly parties: number,
    private readonly withinMs = 10_000,
  ) {
    this.allArrived = new Promise<void>((resolve, reject) => {
      this.release = resolve;
      this.fail = reject;
    });
    this.allArrived.catch(() => undefined);
  }

  arrive(): Promise<void> {
    if (this.arrived === 0) {
      this.timer = setTimeout(
        () =>
          this.fail(new Error(`only ${this.arrived} of ${this.parties} arrived within ${this.withinMs} ms`)),
        this.withinMs,
      );
    }
    if (++this.arrived === this.parties) {
      clearTimeout(this.timer);
      this.release();
    }
    return this.allArrived;
  }

  get count(): number {
    return this.arrived;
  }
}
