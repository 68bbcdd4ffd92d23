/** Where a bulk check stands. */
export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly eligible: number;
  /** Set while the CLI waits out a 429. */
  readonly waitingMs?: number;
}

/** Cells in the progress bar. */
export const BAR_WIDTH = 20;

/** One status line, e.g. `[##########----------] 5/10 checked, 3 eligible`. */
export function renderProgress({ done, total, eligible, waitingMs }: Progress): string {
  const filled = total === 0 ? BAR_WIDTH : Math.floor((done / total) * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const waiting = waitingMs === undefined ? '' : `, rate limited: waiting ${Math.ceil(waitingMs / 1000)} s`;
  return `${bar} ${done}/${total} checked, ${eligible} eligible${waiting}`;
}
