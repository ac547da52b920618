import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueuedDeposit } from '@/console/api/deposit-queue';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aDeposit, aDetail, aPage, aSession } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

const reviewed = (status: QueuedDeposit['status'], reason = '') =>
  aDeposit({ status, reason, reviewed_at: 1_800_000_600 });

/** A server holding deposit 41; `review` answers its approve/reject/fail. */
function serve(review: (call: FetchCall) => Response, deposit = aDeposit()) {
  let current = deposit;
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(
        envelope({ deposits: { waiting: 1, oldest_age_secs: 60 }, withdrawals: null }),
      );
    if (call.url === '/admin/api/deposits/41') return jsonResponse(envelope(aDetail(current)));
    if (call.url.startsWith('/admin/api/deposits?'))
      return jsonResponse(envelope(aPage([current])));
    if (call.method === 'POST') {
      const answer = review(call);
      void answer
        .clone()
        .json()
        .then((body: { code: number; data: { deposit: QueuedDeposit } | null }) => {
          if (body.code === 1 && body.data !== null) current = body.data.deposit;
        });
      return answer;
    }
    return jsonResponse({ code: 0, msg: 'unexpected', err: 'bad_params', data: null });
  });
}

/** Buttons ignore a second click within 500 ms (components/button.tsx). */
const pastButtonThrottle = () => new Promise((done) => setTimeout(done, 600));

const refuse = (msg: string, err: string, status = 200) =>
  jsonResponse({ code: 0, msg, err, data: null }, status);

describe('deposit detail', () => {
  it('shows every field, the voucher and the player history beside it', async () => {
    serve(() => refuse('no', 'bad_params'));
    renderConsole('/deposits/41', aSession());
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit 41' })).toBeVisible();
    const facts = await screen.findByRole('region', { name: 'Details' });
    expect(within(facts).getByTestId('fact-player')).toHaveTextContent('13800000007');
    expect(within(facts).getByTestId('fact-amount')).toHaveTextContent('100.00');
    expect(within(facts).getByTestId('fact-pay-amount')).toHaveTextContent('2,500,000.00 VND');
    expect(
      within(facts).getByText('Vietcombank, District 1, FAIRHALL LTD, 0071000123456'),
    ).toBeVisible();
    expect(within(facts).getByText('order 41')).toBeVisible();
    expect(within(facts).getByText('2 h 5 min')).toBeVisible();
    const voucher = screen.getByAltText('Voucher of deposit 41');
    expect(voucher).toHaveAttribute('src', '/admin/api/deposits/41/voucher');
    const deposits = screen.getByRole('table', { name: 'Recent deposits of this player' });
    expect(within(deposits).getAllByRole('row')).toHaveLength(3);
    expect(within(deposits).getByRole('link', { name: 'Deposit 30' })).toBeVisible();
    expect(within(deposits).getByText('Approved')).toBeVisible();
    const withdrawals = screen.getByRole('table', { name: 'Recent withdrawals of this player' });
    expect(within(withdrawals).getByText('Paid')).toBeVisible();
    expect(within(withdrawals).getByText('1.00')).toBeVisible();
  });

  it('zooms the voucher and closes it with Escape', async () => {
    serve(() => refuse('no', 'bad_params'));
    renderConsole('/deposits/41', aSession());
    const thumb = await screen.findByRole('button', { name: /Voucher of deposit 41/ });
    thumb.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Voucher of deposit 41' });
    expect(within(dialog).getByTestId('voucher-full')).toHaveAttribute(
      'src',
      '/admin/api/deposits/41/voucher',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('says "No voucher" when there is none', async () => {
    serve(() => refuse('no', 'bad_params'), aDeposit({ has_voucher: false }));
    renderConsole('/deposits/41', aSession());
    expect(await screen.findByText('No voucher')).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('approves in one click, then shows the new status and no more actions', async () => {
    const { calls } = serve(() => jsonResponse(envelope({ deposit: reviewed('passed') })));
    renderConsole('/deposits/41', aSession({ csrf: 'csrf-7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deposit 41 is approved.');
    const title = screen.getByRole('heading', { level: 1, name: 'Deposit 41' }).parentElement!;
    expect(within(title).getByText('Approved')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(
      screen.getByText('This deposit is reviewed: there is nothing left to do.'),
    ).toBeVisible();
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({
      url: '/admin/api/deposits/41/approve',
      body: {},
      headers: { 'x-csrf-token': 'csrf-7' },
    });
    // What waits is asked again at once (the queries are invalidated).
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url === '/admin/api/queues')).toHaveLength(2),
    );
  });

  it('rejects only with a reason, and posts it with the csrf header', async () => {
    const { calls } = serve((call) =>
      jsonResponse(
        envelope({ deposit: reviewed('rejected', (call.body as { reason: string }).reason) }),
      ),
    );
    renderConsole('/deposits/41', aSession({ csrf: 'csrf-7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject deposit 41' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason: the player reads it.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(
      within(dialog).getByLabelText(/^Reason/),
      '  The transfer is not on our account.  ',
    );
    await pastButtonThrottle();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deposit 41 is rejected.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin/api/deposits/41/reject',
      body: { reason: 'The transfer is not on our account.' },
      headers: { 'x-csrf-token': 'csrf-7', 'Content-Type': 'application/json' },
    });
    expect(await screen.findByTestId('fact-reason')).toHaveTextContent(
      'The transfer is not on our account.',
    );
  });

  it('marks failed with a reason', async () => {
    const { calls } = serve(() =>
      jsonResponse(envelope({ deposit: reviewed('failed', 'Bounced') })),
    );
    renderConsole('/deposits/41', aSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark failed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark deposit 41 failed' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Bounced');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deposit 41 is marked failed.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin/api/deposits/41/fail',
      body: { reason: 'Bounced' },
    });
  });

  it('shows a refusal as an alert with its message', async () => {
    serve(() => refuse('This deposit is already reviewed.', 'already_reviewed'));
    renderConsole('/deposits/41', aSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This deposit is already reviewed.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a refusal inside the reason dialog, which stays open', async () => {
    serve(() => refuse('The request was refused (csrf).', 'csrf_refused', 403));
    renderConsole('/deposits/41', aSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject deposit 41' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Wrong amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The request was refused (csrf).',
    );
  });

  it('offers no action on a deposit already reviewed', async () => {
    serve(() => refuse('no', 'bad_params'), reviewed('rejected', 'Blurred picture'));
    renderConsole('/deposits/41', aSession());
    expect(await screen.findByTestId('fact-reason')).toHaveTextContent('Blurred picture');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark failed' })).not.toBeInTheDocument();
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve(() => refuse('no', 'bad_params'));
    renderConsole('/deposits/41', aSession({ permissions: ['wallet:withdrawal:review'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not review deposits.',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/admin/api/deposits'))).toBe(false);
  });
});
