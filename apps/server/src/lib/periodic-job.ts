/**
 * Runs `round` now and every `everyMs` in the background, one round at a time (a slow round
 * delays the next instead of overlapping it); a failed round goes to `onProblem` and the next
 * one runs as usual. Answers a function that stops it and waits for a round in progress.
 * @example const stop = startPeriodicJob(60_000, () => runReportSchedule(ctx), log.warn);
 */
export function startPeriodicJob(
  everyMs: number,
  round: () => Promise<unknown>,
  onProblem: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = running.then(round).catch((error: unknown) => onProblem(error));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
