import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WITHDRAWAL_POLL_MS } from '@/console/api/withdrawal-queue';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aSession, aWithdrawal, aWithdrawalDetail, aWithdrawalPage } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  resetSession();
  vi.unstubAllGlobals();
});

const queues = { deposits: null, withdrawals: { waiting: 2, oldest_age_secs: 3900 } };

/** Answers the queue from `pages` (by page number), queues and details. */
function serve(pages: (call: FetchCall) => unknown) {
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues') return jsonResponse(envelope(queues));
    if (call.url.startsWith('/admin/api/withdrawals?')) return jsonResponse(envelope(pages(call)));
    if (call.url === '/admin/api/withdrawals/61')
      return jsonResponse(envelope(aWithdrawalDetail()));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

const pageParam = (call: FetchCall) =>
  new URL(call.url, 'http://console.test').searchParams.get('page');

const reviewer = () => aSession({ role: 'cashier', permissions: ['wallet:withdrawal:review'] });

describe('withdrawal queue', () => {
  it('lists the waiting withdrawals, oldest first, with links and approvals', async () => {
    serve(() =>
      aWithdrawalPage([
        aWithdrawal({
          linked: 'VCB ****7890 with 12,13',
          second_approval_needed: true,
        }),
        aWithdrawal({
          id: 62,
          player: 'linh',
          method: 'usdt',
          account: 'TRC20 TXk3…',
          amount: '5000.00',
          fee: '0.00',
          age_secs: 180,
          second_approval_needed: true,
          first_approval: { approved_by: 'mai', approved_at: 1_800_000_100 },
        }),
        aWithdrawal({ id: 63, player: 'tam', amount: '12.50', fee: '0.50', age_secs: 30 }),
      ]),
    );
    renderConsole('/withdrawals', reviewer());
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals waiting' })).toBeVisible();
    const table = await screen.findByRole('table', {
      name: 'Withdrawals waiting for review, oldest first',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ID',
      'Player',
      'Amount',
      'Fee',
      'Paid to',
      'Linked players',
      'Approvals',
      'Waiting',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual([
      '61',
      '13800000007',
      '100.00',
      '2.50',
      'VCB ****7890',
      'VCB ****7890 with 12,13',
      'needs 2',
      '1 h 5 min',
    ]);
    expect(cells(rows[2]!)).toEqual([
      '62',
      'linh',
      '5,000.00',
      '0.00',
      'TRC20 TXk3…',
      '—',
      '1 of 2 (mai)',
      '3 min',
    ]);
    expect(cells(rows[3]!)).toEqual([
      '63',
      'tam',
      '12.50',
      '0.50',
      'VCB ****7890',
      '—',
      '—',
      'under 1 min',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Withdrawal 61' })).toBeVisible();
    expect(screen.getByTestId('queue-summary')).toHaveTextContent(
      '3 withdrawals wait. The oldest has waited 1 h 5 min.',
    );
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('opens a withdrawal from its row, by keyboard too', async () => {
    serve(() => aWithdrawalPage([aWithdrawal()]));
    const { router } = renderConsole('/withdrawals', reviewer());
    const link = await screen.findByRole('link', { name: 'Withdrawal 61' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawal 61' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/withdrawals/61');
    await act(() => router.navigate('/withdrawals'));
    await userEvent.click(await screen.findByText('13800000007'));
    expect(router.state.location.pathname).toBe('/withdrawals/61');
  });

  it('pages through the queue, 20 a page', async () => {
    const { calls } = serve((call) => {
      const page = Number(pageParam(call));
      const first = (page - 1) * 20 + 1;
      const count = page < 3 ? 20 : 5;
      return aWithdrawalPage(
        Array.from({ length: count }, (_, index) => aWithdrawal({ id: first + index })),
        { total: 45, page },
      );
    });
    const { router } = renderConsole('/withdrawals', reviewer());
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Withdrawal 21' })).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    await new Promise((done) => setTimeout(done, 600)); // buttons ignore a click within 500 ms
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /^Withdrawal \d+$/ })).toHaveLength(5);
    expect(
      calls.filter((call) => call.url.startsWith('/admin/api/withdrawals?')).map(pageParam),
    ).toEqual(['1', '2', '3']);
  });

  it('says so when nothing waits', async () => {
    serve(() => aWithdrawalPage([]));
    renderConsole('/withdrawals', reviewer());
    expect(await screen.findByText('No withdrawal is waiting for review.')).toBeVisible();
    expect(screen.getByTestId('queue-summary')).toHaveTextContent('No withdrawal waits.');
  });

  it('asks again every 10 s, so a new withdrawal shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list = [aWithdrawal()];
    serve(() => aWithdrawalPage(list));
    renderConsole('/withdrawals', reviewer());
    expect(await screen.findByRole('link', { name: 'Withdrawal 61' })).toBeVisible();
    list = [aWithdrawal(), aWithdrawal({ id: 64, player: 'new player' })];
    await act(() => vi.advanceTimersByTimeAsync(WITHDRAWAL_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Withdrawal 64' })).toBeVisible();
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve(() => aWithdrawalPage([aWithdrawal()]));
    renderConsole('/withdrawals', aSession({ permissions: ['wallet:deposit:review'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not review withdrawals.',
    );
    expect(calls.some((call) => call.url.startsWith('/admin/api/withdrawals'))).toBe(false);
  });
});
