import type { Mode } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import type { Html } from '../../kit/html.ts';
import { DASHBOARD_ROWS, table } from '../parts.ts';
import { refundHead, refundRows, section } from './order-sections.ts';

/** The refunds of a mode, newest first, each linking to its order, with its split between the two cards. */
export function refundsView(engine: Engine, mode: Mode): Html {
  const refunds = engine.store.modes[mode].refunds.page({ limit: DASHBOARD_ROWS })?.data ?? [];
  return section(
    'refund-list-heading',
    `Refunds in ${mode} mode`,
    table('Newest first', refundHead(true), refundRows(refunds, mode, true), 'No refunds.'),
    'refund-list',
  );
}
