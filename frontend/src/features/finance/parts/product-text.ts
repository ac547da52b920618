// Words and small formats of the products: states, yield types, cycles, percentages, times.
import type { BadgeTone } from '@/components/badge';
import type { ProductOrder } from '@/features/finance/api/product-orders';
import type { CycleUnit, ProductState, YieldType } from '@/features/finance/api/products';
import type { MessageKey, Translate } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { formatDateTime } from '@/lib/time';

const STATES: Record<ProductState, { label: MessageKey; tone: BadgeTone }> = {
  not_started: { label: 'goods_state_not_started', tone: 'wait' },
  on_sale: { label: 'goods_state_on_sale', tone: 'ok' },
  sold_out: { label: 'goods_state_sold_out', tone: 'muted' },
  ended: { label: 'goods_state_ended', tone: 'muted' },
};

export const stateLabel = (state: ProductState, t: Translate): string =>
  STATES[state] === undefined ? state : t(STATES[state].label);
export const stateTone = (state: ProductState): BadgeTone => STATES[state]?.tone ?? 'muted';

const YIELD_TYPES: Record<YieldType, MessageKey> = {
  interest_per_cycle: 'goods_yield_interest_per_cycle',
  at_maturity: 'goods_yield_at_maturity',
  equal_instalments: 'goods_yield_equal_instalments',
};

export const yieldTypeLabel = (type: YieldType, t: Translate): string =>
  YIELD_TYPES[type] === undefined ? type : t(YIELD_TYPES[type]);

/** "30 days", "12 hours". */
export const cycleLabel = (unit: CycleUnit, length: number, t: Translate): string =>
  t(unit === 'hour' ? 'goods_cycle_hours' : 'goods_cycle_days', { n: length });

/** A percentage as the server sends it ("12.00") for display: "12.00 %". */
export const percent = (text: string): string => `${text} %`;

/** A percentage as a CSS width, at most the whole bar; anything but a plain number is 0. */
export const widthOf = (text: string): string =>
  /^\d{1,3}(?:\.\d{1,4})?$/.test(text) ? `min(100%, ${text}%)` : '0%';

/** "2026-11-22 09:30" in the viewer's time zone (schedules need the minute, not the second). */
export const formatMinute = (unixSeconds: number): string =>
  formatDateTime(unixSeconds).slice(0, 16);

/** "3/12": a count of a whole, written the same in every language. */
export const fraction = (done: number | string, all: number | string): string => `${done}/${all}`;

export const orderStateLabel = (state: ProductOrder['state'], t: Translate): string =>
  t(state === 'completed' ? 'goods_order_completed' : 'goods_order_running');

/** An id as a link carries it (?id=N): a positive integer, or null for anything else. */
export function idOf(text: string | null): number | null {
  return text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

export const productPath = (id: number): string => `${ROUTES.goodDetail}?id=${id}`;
export const orderPath = (id: number): string => `${ROUTES.goodOrder}?id=${id}`;
