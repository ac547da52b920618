import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_POLL_MS } from '@/console/api/deposit-queue';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aDeposit, aDetail, aPage, aSession } from '@/console/test/fixtures';
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

const queues = { deposits: { waiting: 1, oldest_age_secs: 7500 }, withdrawals: null };

/** Answers the queue from `pages` (by page number), queues and details. */
function serve(pages: (call: FetchCall) => unknown) {
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues') return jsonResponse(envelope(queues));
    if (call.url.startsWith('/admin/api/deposits?')) return jsonResponse(envelope(pages(call)));
    if (call.url === '/admin/api/deposits/41') return jsonResponse(envelope(aDetail()));
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

const pageParam = (call: FetchCall) =>
  new URL(call.url, 'http://console.test').searchParams.get('page');

describe('deposit queue', () => {
  it('lists the waiting deposits, oldest first, with their amounts and age', async () => {
    serve(() =>
      aPage([
        aDeposit(),
        aDeposit({
          id: 42,
          player: 'linh',
          method: 'usdt',
          amount: '12.50',
          currency: 'USDT',
          pay_amount: '12.50',
          account_label: 'TRC20 TXk3…',
          age_secs: 180,
        }),
      ]),
    );
    renderConsole('/deposits', aSession());
    const table = await screen.findByRole('table', {
      name: 'Deposits waiting for review, oldest first',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Player', 'Amount', 'To pay', 'Method', 'Paid to', 'Waiting']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '41',
      '13800000007',
      '100.00',
      '2,500,000.00 VND',
      'Bank transfer',
      'Vietcombank, District 1, FAIRHALL LTD, 0071000123456',
      '2 h 5 min',
    ]);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['42', 'linh', '12.50', '12.50 USDT', 'USDT', 'TRC20 TXk3…', '3 min']);
    expect(within(rows[1]!).getByRole('link', { name: 'Deposit 41' })).toBeVisible();
    expect(screen.getByTestId('queue-summary')).toHaveTextContent(
      '2 deposits wait. The oldest has waited 2 h 5 min.',
    );
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('opens a deposit from its row, by keyboard too', async () => {
    serve(() => aPage([aDeposit()]));
    const { router } = renderConsole('/deposits', aSession());
    const link = await screen.findByRole('link', { name: 'Deposit 41' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit 41' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/deposits/41');
    await act(() => router.navigate('/deposits'));
    await userEvent.click(await screen.findByText('13800000007'));
    expect(router.state.location.pathname).toBe('/deposits/41');
  });

  it('pages through the queue, 20 a page', async () => {
    const { calls } = serve((call) => {
      const page = Number(pageParam(call));
      const first = (page - 1) * 20 + 1;
      const count = page < 3 ? 20 : 5;
      return aPage(
        Array.from({ length: count }, (_, index) => aDeposit({ id: first + index })),
        { total: 45, page },
      );
    });
    const { router } = renderConsole('/deposits', aSession());
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Deposit 21' })).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    await new Promise((done) => setTimeout(done, 600)); // buttons ignore a click within 500 ms
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('link', { name: /^Deposit \d+$/ })).toHaveLength(5);
    expect(
      calls.filter((call) => call.url.startsWith('/admin/api/deposits?')).map(pageParam),
    ).toEqual(['1', '2', '3']);
  });

  it('says so when nothing waits', async () => {
    serve(() => aPage([]));
    renderConsole('/deposits', aSession());
    expect(await screen.findByText('No deposit is waiting for review.')).toBeVisible();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('asks again every 10 s, so a new deposit shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list = [aDeposit()];
    serve(() => aPage(list));
    renderConsole('/deposits', aSession());
    expect(await screen.findByRole('link', { name: 'Deposit 41' })).toBeVisible();
    list = [aDeposit(), aDeposit({ id: 43, player: 'new player' })];
    await act(() => vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Deposit 43' })).toBeVisible();
  });

  it('shows a refusal of the server as an alert', async () => {
    mockFetch((call) =>
      call.url === '/admin/api/queues'
        ? jsonResponse(envelope(queues))
        : jsonResponse(
            { code: 0, msg: 'You may not do that.', err: 'no_permission', data: null },
            403,
          ),
    );
    renderConsole('/deposits', aSession());
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not do that.');
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve(() => aPage([aDeposit()]));
    renderConsole('/deposits', aSession({ role: 'content', permissions: ['content:*:*'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not review deposits.',
    );
    expect(calls.some((call) => call.url.startsWith('/admin/api/deposits'))).toBe(false);
  });
});
