// Red envelope page: claiming by code (with its refusals), the record of claims and the detail
// of one claimed envelope.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/dialog-host';
import { ToastHost } from '@/components/toast-host';
import type { EnvelopeDetail } from '@/features/growth/envelopes/api/envelope-detail';
import type { ClaimRecord } from '@/features/growth/envelopes/api/envelope-records';
import { Component as HongPage } from '@/features/growth/envelopes/pages/hong-page';
import { activateLanguage } from '@/i18n/i18n';
import type { Paged } from '@/lib/paging';
import { ROUTES } from '@/lib/routes';
import { formatDateTime } from '@/lib/time';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch, type Answer, type FetchCall } from '@/test/helpers';

const player = {
  id: 3,
  username: 'linh01',
  nickname: '',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '1000.00',
  game_balance: '0.00',
  frozen: '0.00',
  total_deposit: '1000.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
  real_name: '',
  email: '',
  tax_number: '',
  fund_password_set: true,
  bank_card_bound: false,
};

const nowSecs = () => Math.floor(Date.now() / 1000);
const page = <T,>(list: T[]): Paged<T> => ({ list, total: list.length, page: 1, limit: 20 });

const record = (overrides: Partial<ClaimRecord> = {}): ClaimRecord => ({
  envelope_id: 4,
  amount: '12.34',
  luckiest: false,
  claimed_at: nowSecs() - 60,
  mode: 'random',
  total: '100.00',
  quantity: 10,
  ...overrides,
});

const EXPIRES_AT = nowSecs() + 3_600;

const detail = (): EnvelopeDetail => ({
  id: 4,
  mode: 'random',
  total: '100.00',
  quantity: 10,
  claimed_count: 2,
  claimed_amount: '40.00',
  expires_at: EXPIRES_AT,
  state: 'live',
  claims: [
    { phone: '139****0001', amount: '27.66', luckiest: true, mine: false, claimed_at: nowSecs() },
    { phone: '138****0000', amount: '12.34', luckiest: false, mine: true, claimed_at: nowSecs() },
  ],
});

const refusal =
  (err: string, msg: string, status = 200) =>
  () =>
    jsonResponse({ code: 0, msg, err, data: null }, status);

let answers: Record<string, Answer>;
let calls: FetchCall[];

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: ROUTES.ccHong, Component: HongPage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
      <ToastHost />
    </QueryClientProvider>,
  );
}

/** Waits out the buttons' 500 ms throttle before tapping again. */
const pastButtonThrottle = () => new Promise((resolve) => setTimeout(resolve, 550));

const claims = () => calls.filter((call) => call.url === 'api/envelope/claim');

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/envelope/records': () => page([]),
    'api/envelope/detail': () => detail(),
    'api/envelope/claim': () => ({
      envelope_id: 4,
      amount: '27.66',
      luckiest: true,
      balance: '1027.66',
    }),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('red envelope', () => {
  it('claims by code and reveals the amount, the luckiest mark and the new balance', async () => {
    renderAt(ROUTES.ccHong);
    expect(await screen.findByText('No claims yet')).toBeInTheDocument();
    answers['api/envelope/records'] = () => page([record({ amount: '27.66', luckiest: true })]);

    await userEvent.type(screen.getByLabelText('Envelope code'), 'gift2026');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));

    const reveal = await screen.findByTestId('envelope-result');
    expect(within(reveal).getByTestId('envelope-amount')).toHaveTextContent('+27.66');
    expect(reveal).toHaveTextContent('Luckiest');
    expect(reveal).toHaveTextContent('Balance: 1,027.66');
    expect(within(reveal).getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      '/pages/cc/hong?id=4',
    );
    const [sent] = claims();
    expect(sent?.body).toEqual({ code: 'GIFT2026' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByTestId('envelope-record')).toHaveTextContent('+27.66');
  });

  it('checks the code before asking the server', async () => {
    renderAt(ROUTES.ccHong);
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the envelope code');
    await userEvent.type(screen.getByLabelText('Envelope code'), 'ab-12');
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A code has 6 to 8 letters or digits',
    );
    expect(claims()).toHaveLength(0);
  });

  it.each([
    ['envelope_code_abnormal', 'Red envelope code abnormal, please check it'],
    ['envelope_expired', 'This red envelope has expired'],
    ['envelope_invalid', 'This red envelope is no longer valid'],
    ['envelope_not_yours', 'This red envelope is not for you'],
    ['envelope_claimed', 'You have already claimed this red envelope'],
    ['throttled', 'Too many attempts, please try again in 840 seconds'],
  ])('shows the refusal %s under the code field', async (err, msg) => {
    answers['api/envelope/claim'] = refusal(err, msg);
    renderAt(ROUTES.ccHong);
    await userEvent.type(await screen.findByLabelText('Envelope code'), 'ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(screen.queryByTestId('envelope-result')).not.toBeInTheDocument();
  });

  it('retries a failed claim with the same Idempotency-Key', async () => {
    answers['api/envelope/claim'] = refusal('network_glitch', 'Failed, try later');
    renderAt(ROUTES.ccHong);
    const field = await screen.findByLabelText('Envelope code');
    await userEvent.type(field, 'ABC123');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('alert');
    await pastButtonThrottle();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(claims()).toHaveLength(2));
    const [first, second] = claims();
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('lists the claims with the luckiest marked and links to each envelope', async () => {
    answers['api/envelope/records'] = () =>
      page([record({ envelope_id: 9, luckiest: true }), record({ mode: 'fixed' })]);
    renderAt(ROUTES.ccHong);
    const [lucky, plain] = (await screen.findAllByTestId('envelope-record')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(lucky).toHaveTextContent('Luckiest');
    expect(lucky).toHaveTextContent('100.00 in 10 shares');
    expect(within(lucky).getByRole('link')).toHaveAttribute('href', '/pages/cc/hong?id=9');
    expect(plain).not.toHaveTextContent('Luckiest');
    expect(plain).toHaveTextContent('Equal shares');
  });

  it('shows one claimed envelope with every claim, the luckiest and the player marked', async () => {
    renderAt(`${ROUTES.ccHong}?id=4`);
    const rows = await screen.findAllByTestId('envelope-claim');
    expect(calls.some((call) => call.url === 'api/envelope/detail?id=4')).toBe(true);
    expect(screen.getByTestId('envelope-claimed-count')).toHaveTextContent('2/10');
    expect(rows[0]).toHaveTextContent('139****0001');
    expect(rows[0]).toHaveTextContent('Luckiest');
    expect(rows[0]).toHaveTextContent('27.66');
    expect(rows[1]).toHaveTextContent('138****0000 (you)');
    expect(rows[1]).not.toHaveTextContent('Luckiest');
    expect(screen.getByText('Open for claims')).toBeInTheDocument();
    // The expiry lies ahead: shown as the exact time, not as a relative label of the past.
    expect(screen.getByTestId('envelope-expires-at')).toHaveTextContent(formatDateTime(EXPIRES_AT));
  });

  it('says plainly when the envelope is not one the player claimed', async () => {
    answers['api/envelope/detail'] = refusal('not_found', 'The resource does not exist', 404);
    renderAt(`${ROUTES.ccHong}?id=77`);
    expect(await screen.findByText('Envelope not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Red envelope' })).toHaveAttribute(
      'href',
      '/pages/cc/hong',
    );
  });
});
