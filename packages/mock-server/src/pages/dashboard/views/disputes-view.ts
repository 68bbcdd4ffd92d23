import type { Mode } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import type { Html } from '../../kit/html.ts';
import { DASHBOARD_ROWS, table } from '../parts.ts';
import { disputeHead, disputeRows, section } from './order-sections.ts';

/** The disputes of a mode, newest first, each linking to its order. */
export function disputesView(engine: Engine, mode: Mode): Html {
  const disputes = engine.store.modes[mode].disputes.page({ limit: DASHBOARD_ROWS })?.data ?? [];
  return section(
    'dispute-list-heading',
    `Disputes in ${mode} mode`,
    table('Newest first', disputeHead(true), disputeRows(disputes, mode, true), 'No disputes.'),
    'dispute-list',
  );
}
