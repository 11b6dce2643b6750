// A value read from the database and kept for a moment: every request asks it, the database is
// asked at most once per interval (and once at a time), and a change this server makes is seen at
// once by forgetting the reading. The site's effective configuration (effective-config.server.ts)
// and the Content tab's texts (app/server/site-blocks/blocks.server.ts) are read through one each.

export interface RefreshingReader<Value> {
  /** The current reading (read now when there is none, it is older than the interval, or its inputs changed); null when there is nothing to read. */
  get(): Promise<Value | null>;
  /** The last reading for the current inputs, without waiting (null when there is none). */
  peek(): Value | null;
  /**
   * The reading `get()` would answer without asking the database (for the current inputs and
   * younger than the interval), or undefined when `get()` would read: a caller on a hot path
   * answers synchronously while this is defined and falls back to `get()` otherwise.
   */
  fresh(): Value | undefined;
  /** Forget the reading: the next call reads again, and a reading already under way is not kept. */
  invalidate(): void;
}

export interface RefreshingReaderOptions<Inputs extends readonly unknown[], Value> {
  /**
   * What a reading depends on (the database handle, the installed configuration…), compared item
   * by item: a reading made for other inputs is not answered. Throws or returns null when there is
   * nothing to read (no database open: the build's prerender, unit tests).
   */
  inputs: () => Inputs | null;
  /**
   * Reads the value. `previous` is the last reading for the same inputs, for a read that answers it
   * again when the database fails. A read that throws stores nothing: the previous reading (or null)
   * is answered and the next call reads again.
   */
  read: (inputs: Inputs, previous: Value | null) => Promise<Value>;
  refreshMs: number;
  now?: () => number;
}

export function createRefreshingReader<Inputs extends readonly unknown[], Value>({
  inputs,
  read,
  refreshMs,
  now = Date.now,
}: RefreshingReaderOptions<Inputs, Value>): RefreshingReader<Value> {
  let snapshot: { value: Value; inputs: Inputs; loadedAt: number } | null = null;
  let loading: Promise<Value | null> | null = null;
  // Bumped by invalidate(), so a reading that started before a change never outlives it.
  let generation = 0;

  const same = (a: Inputs, b: Inputs) => a.length === b.length && a.every((item, i) => item === b[i]);

  function currentInputs(): Inputs | null {
    try {
      return inputs();
    } catch {
      return null;
    }
  }

  function previousFor(wanted: Inputs): Value | null {
    return snapshot && same(snapshot.inputs, wanted) ? snapshot.value : null;
  }

  return {
    async get() {
      const wanted = currentInputs();
      if (!wanted) return null;
      if (snapshot && same(snapshot.inputs, wanted) && now() - snapshot.loadedAt < refreshMs) return snapshot.value;
      loading ??= (async () => {
        const started = generation;
        const loadedAt = now();
        const previous = previousFor(wanted);
        try {
          const value = await read(wanted, previous);
          if (started === generation) snapshot = { value, inputs: wanted, loadedAt };
          return value;
        } catch {
          return previous;
        }
      })().finally(() => {
        loading = null;
      });
      return loading;
    },
    peek() {
      const wanted = currentInputs();
      return wanted ? previousFor(wanted) : null;
    },
    fresh() {
      if (!snapshot || now() - snapshot.loadedAt >= refreshMs) return undefined;
      const wanted = currentInputs();
      return wanted && same(snapshot.inputs, wanted) ? snapshot.value : undefined;
    },
    invalidate() {
      generation += 1;
      snapshot = null;
      loading = null;
    },
  };
}
