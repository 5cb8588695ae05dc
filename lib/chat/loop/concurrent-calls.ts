/**
 * Runs `runOne` for each index in [start, end), at most `maxConcurrency` at a time, in index order; settles when all
 * have, or with the first failure, after which no further call starts. With room for every call, each starts at
 * once and there is no queue.
 */
export function runConcurrently(
  start: number,
  end: number,
  maxConcurrency: number,
  runOne: (index: number) => Promise<void>,
): Promise<void> {
  const workers: Promise<void>[] = [];
  const count = Math.min(end - start, maxConcurrency);
  if (count === end - start) {
    for (let index = start; index < end; index++) workers.push(runOne(index));
  } else {
    let next = start;
    let failed = false;
    const worker = async (): Promise<void> => {
      try {
        while (next < end && !failed) await runOne(next++);
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    for (let w = 0; w < count; w++) workers.push(worker());
  }
  return allDone(workers);
}

/** Fulfilled when every promise is, rejected with the first rejection: `Promise.all` without its array of values. */
export function allDone(promises: readonly Promise<void>[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let left = promises.length;
    if (left === 0) resolve();
    const done = (): void => {
      if (--left === 0) resolve();
    };
    for (const promise of promises) promise.then(done, reject);
  });
}
