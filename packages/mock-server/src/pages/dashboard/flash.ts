import type { Mode } from '@glm/domain';
import type { Engine } from '../../core/engine.ts';
import { seeOther } from '../kit/page-response.ts';
import type { PageContext } from '../page-context.ts';
import type { DashboardNotice } from './shell.ts';

/** Notices that carry a secret wait here for the one GET that shows them (post, redirect, get: a reload never re-posts). */
const flashes = new WeakMap<Engine, Map<string, DashboardNotice>>();
const MAX_FLASHES = 20;

/** Keeps a notice for the next GET of the overview and redirects there with its one-time id. */
export function flash(context: PageContext, mode: Mode, notice: DashboardNotice): Response {
  let pending = flashes.get(context.engine);
  if (pending === undefined) {
    pending = new Map();
    flashes.set(context.engine, pending);
  }
  const id = context.engine.token(24);
  pending.set(id, notice);
  for (const oldest of pending.keys()) {
    if (pending.size <= MAX_FLASHES) break;
    pending.delete(oldest);
  }
  return seeOther(`/dashboard?${new URLSearchParams({ mode, flash: id })}`);
}

/** The notice a one-time id names, forgotten as it is read. */
export function takeFlash(context: PageContext, id: string | null): DashboardNotice | undefined {
  if (id === null) return undefined;
  const pending = flashes.get(context.engine);
  const notice = pending?.get(id);
  pending?.delete(id);
  return notice;
}
