// The memory of a process and all its descendants (the site's Node processes and the embedded
// PostgreSQL server it runs), read from /proc, for the benchmarks (docs/performance.md).
//  - RSS, summed: what `ps` shows, added up. Pages shared between processes (PostgreSQL's shared
//    buffers, the Node binary's code) are counted once per process: an upper bound.
//  - PSS, summed: each shared page divided among the processes sharing it: the real total.
import fs from "node:fs";

function children(pid) {
  const found = [];
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/)) {
        if (child) found.push(Number(child));
      }
    } catch {
      // The task ended.
    }
  }
  return found;
}

function kilobytes(file, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(file, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** { rssMB, pssMB, processes } of `pid` and every process below it; null without /proc. */
export function processTreeMemory(pid) {
  if (!fs.existsSync(`/proc/${pid}`)) return null;
  const pids = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    pids.push(next);
    queue.push(...children(next));
  }
  let rss = 0;
  let pss = 0;
  for (const p of pids) {
    rss += kilobytes(`/proc/${p}/status`, "VmRSS");
    pss += kilobytes(`/proc/${p}/smaps_rollup`, "Pss");
  }
  return { rssMB: rss / 1024, pssMB: pss / 1024, processes: pids.length };
}

/** Samples a process tree every `everyMs` and keeps the peaks. */
export function sampleMemory(pid, everyMs = 250) {
  const peak = { rssMB: 0, pssMB: 0, processes: 0 };
  const take = () => {
    const now = processTreeMemory(pid);
    if (!now) return;
    peak.rssMB = Math.max(peak.rssMB, now.rssMB);
    peak.pssMB = Math.max(peak.pssMB, now.pssMB);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

export function formatMemory({ rssMB, pssMB, processes }) {
  return `${Math.round(rssMB)} MB RSS summed (${Math.round(pssMB)} MB PSS) over ${processes} processes`;
}

export function loadAverage() {
  try {
    return fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
  } catch {
    return "unknown";
  }
}
