import { logger } from "~/server/core/logger.server";

// A sweep every server runs on a timer (Learn to Lift's welcome emails, checkout reminders): soon
// after start, then every `intervalMs`, never two at once in one process. What a sweep does must
// be safe when every server runs it together (each keeps a row per thing done, written with it).

export interface Sweep {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/** The first sweep this long after start: the server answers requests first. */
const FIRST_SWEEP_AFTER_MS = 5_000;

/** `sweep` returns how many things it did, for the log. */
export function startSweep(name: string, sweep: () => Promise<number>, intervalMs: number): Sweep {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      try {
        const done = await sweep();
        if (done > 0) logger.info(`${name}: sweep done`, { done });
      } catch (error) {
        logger.error(`${name}: sweep failed`, { error });
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(run, FIRST_SWEEP_AFTER_MS);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
