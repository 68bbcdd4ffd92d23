// The protocol between `run.mjs` and a section script: a section runs in its own Node process (fresh
// heap, its own flags), logs progress to stderr and sends its figures once over IPC.

/** Logs one progress line to stderr (stdout stays free for the table). */
export const progress = (line) => process.stderr.write(`  · ${line}\n`);

/**
 * Runs a section's body and sends `{ figures }` (or `{ error }`) to the parent, then exits.
 * A figure: `{ figure, baseline, value, baselineValue, ratio, target, met, notes }`.
 */
export async function runSection(body) {
  try {
    const figures = await body();
    await new Promise((resolve) => process.send({ figures }, resolve));
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await new Promise((resolve) => process.send({ error: message }, resolve));
    process.exit(1);
  }
}

/** Median of a list of numbers. */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** CPU time (user + system, µs) per call of `calls` sequential calls of `task`. */
export async function cpuMicrosPerCall(task, calls) {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await task();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

/** A number with thousands separators and `digits` decimals. */
export const format = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * Mean latency (ms) of each `[name, fn]` task, with tinybench: the tasks run in the given order and
 * again reversed (tinybench runs them one after another, so whichever comes first would run colder),
 * and the two means are averaged.
 */
export async function meanLatencies(tasks, { time = 2000, warmupTime = 500 } = {}) {
  const { Bench } = await import('tinybench');
  const runs = new Map(tasks.map(([name]) => [name, []]));
  for (const order of [tasks, [...tasks].reverse()]) {
    const bench = new Bench({ time, warmupTime });
    for (const [name, fn] of order) bench.add(name, fn);
    await bench.run();
    for (const task of bench.tasks) {
      if (task.result.error !== undefined) throw task.result.error;
      runs.get(task.name).push(task.result.latency.mean);
    }
  }
  return new Map([...runs].map(([name, means]) => [name, means.reduce((a, b) => a + b, 0) / means.length]));
}

/**
 * Wall time per call (ms) of each `[name, fn]` task, measured in `rounds` rounds that alternate the tasks
 * (the order rotates every round, each task runs `calls` sequential calls after a few unmeasured ones), so
 * a load that comes and goes on a shared machine weighs on every task alike. Answers the median per task
 * and `ratio(a, b)`: the median over the rounds of a's time ÷ b's time in the same round.
 */
export async function alternatingLatencies(tasks, { rounds = 15, calls = 200, warmup = 20 } = {}) {
  const times = new Map(tasks.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < tasks.length; i++) {
      const [name, task] = tasks[(round + i) % tasks.length];
      for (let call = 0; call < warmup; call++) await task();
      const started = performance.now();
      for (let call = 0; call < calls; call++) await task();
      times.get(name).push((performance.now() - started) / calls);
    }
  }
  return {
    time: (name) => median(times.get(name)),
    ratio: (a, b) => median(times.get(a).map((value, round) => value / times.get(b)[round])),
  };
}
