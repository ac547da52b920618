// Test data of the product screens, shaped exactly like the api/goods/* answers; tests only.
import { fromMinor, toMinor } from '@/lib/money';
import type { ProductOrder, ProductOrderDetail } from '@/features/finance/api/product-orders';
import type { ProductCard, ProductDetail } from '@/features/finance/api/products';
import type { Schedule } from '@/features/finance/api/product-schedule';
import type { Paged } from '@/lib/paging';

const DAY = 86_400;
export const nowSecs = () => Math.floor(Date.now() / 1000);

export const product = (overrides: Partial<ProductCard> = {}): ProductCard => ({
  id: 7,
  name: 'Coffee Estate',
  category: 'drinks',
  picture: 'media/products/ab12.png',
  unit_price: '100.00',
  total: '100000.00',
  purchased: '40000.00',
  reserved: '10000.00',
  remaining: '50000.00',
  purchased_percent: '40.00',
  reserved_percent: '10.00',
  progress_percent: '50.00',
  min_purchase: '200.00',
  max_purchase: '5000.00',
  rate: '12.00',
  rate_per_cycle: '1.00',
  total_yield: '3.00',
  yield_type: 'interest_per_cycle',
  cycle_unit: 'day',
  cycle_length: 30,
  cycles: 3,
  payouts: 3,
  payout_time: '09:30',
  timezone: 'Asia/Ho_Chi_Minh',
  start_at: nowSecs() - 10 * DAY,
  end_at: nowSecs() + 20 * DAY,
  state: 'on_sale',
  ...overrides,
});

export const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  ...product(),
  description: 'Harvests from the highlands.\nPaid monthly.',
  ...overrides,
});

/** The server's schedule of `amount` for the product above: 1 % a cycle, principal at the end. */
export function scheduleOf(amount: string): Schedule {
  // Units of 100.00; 1 % of the principal a cycle. Integer minor units throughout.
  const principal = toMinor(amount);
  const interest = fromMinor(principal / 100n);
  const due = (n: number) => nowSecs() + n * 30 * DAY;
  return {
    amount,
    units: Number(principal / 10_000n),
    instalments: [
      { number: 1, due_at: due(1), interest, principal: '0.00', amount: interest },
      { number: 2, due_at: due(2), interest, principal: '0.00', amount: interest },
      {
        number: 3,
        due_at: due(3),
        interest,
        principal: amount,
        amount: fromMinor(principal + principal / 100n),
      },
    ],
    total_interest: fromMinor((principal * 3n) / 100n),
    total: fromMinor(principal + (principal * 3n) / 100n),
  };
}

export const order = (overrides: Partial<ProductOrder> = {}): ProductOrder => ({
  id: 31,
  product_id: 7,
  product_name: 'Coffee Estate',
  picture: null,
  amount: '300.00',
  units: 3,
  yield_type: 'interest_per_cycle',
  created_at: nowSecs() - 20 * DAY,
  total_interest: '9.00',
  paid_interest: '3.00',
  paid_principal: '0.00',
  instalments: 3,
  instalments_paid: 1,
  next_due_at: nowSecs() + 20 * DAY,
  state: 'running',
  ...overrides,
});

export const orderDetail = (): ProductOrderDetail => ({
  ...order(),
  schedule: [
    {
      number: 1,
      due_at: nowSecs() - 10 * DAY,
      interest: '3.00',
      principal: '0.00',
      amount: '3.00',
      paid_at: nowSecs() - 10 * DAY + 60,
    },
    {
      number: 2,
      due_at: nowSecs() + 20 * DAY,
      interest: '3.00',
      principal: '0.00',
      amount: '3.00',
      paid_at: null,
    },
    {
      number: 3,
      due_at: nowSecs() + 50 * DAY,
      interest: '3.00',
      principal: '300.00',
      amount: '303.00',
      paid_at: null,
    },
  ],
});

export const page = <T>(list: T[]): Paged<T> => ({ list, total: list.length, page: 1, limit: 20 });
