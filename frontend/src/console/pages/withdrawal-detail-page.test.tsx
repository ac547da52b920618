import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PayTo, WithdrawalDetail } from '@/console/api/withdrawal-detail';
import type { QueuedWithdrawal } from '@/console/api/withdrawal-queue';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { aSession, aWithdrawal, aWithdrawalDetail, aWithdrawalPage } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

const reviewed = (status: QueuedWithdrawal['status'], reason = '') =>
  aWithdrawal({ status, reason, reviewed_at: 1_800_000_600 });

const card: PayTo = {
  bank: {
    bank_code: 'VCB',
    holder: 'NGUYEN VAN A',
    card_no: '0071001234567890',
    ifsc: '',
    bank_address: 'District 1',
  },
};

type Server = {
  review?: (call: FetchCall) => Response;
  withdrawal?: QueuedWithdrawal;
  detail?: Partial<WithdrawalDetail>;
  payTo?: PayTo;
};

/** A server holding withdrawal 61; `review` answers its approve/reject/fail. */
function serve({ review, withdrawal = aWithdrawal(), detail = {}, payTo = card }: Server = {}) {
  let current = withdrawal;
  return mockFetch((call) => {
    if (call.url === '/admin/api/queues')
      return jsonResponse(
        envelope({ deposits: null, withdrawals: { waiting: 1, oldest_age_secs: 60 } }),
      );
    if (call.url === '/admin/api/withdrawals/61')
      return jsonResponse(envelope(aWithdrawalDetail(current, detail)));
    if (call.url === '/admin/api/withdrawals/61/pay-to') return jsonResponse(envelope(payTo));
    if (call.url.startsWith('/admin/api/withdrawals?'))
      return jsonResponse(envelope(aWithdrawalPage([current])));
    if (call.method === 'POST' && review !== undefined) {
      const answer = review(call);
      void answer
        .clone()
        .json()
        .then((body: { code: number; data: { withdrawal: QueuedWithdrawal } | null }) => {
          if (body.code === 1 && body.data !== null) current = body.data.withdrawal;
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

const payToCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url === '/admin/api/withdrawals/61/pay-to');

describe('withdrawal detail', () => {
  it('shows its facts, the player balances and links, and his history', async () => {
    serve();
    renderConsole('/withdrawals/61', aSession());
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawal 61' })).toBeVisible();
    const facts = await screen.findByRole('region', { name: 'Details' });
    expect(within(facts).getByTestId('fact-player')).toHaveTextContent('13800000007');
    expect(within(facts).getByTestId('fact-user-id')).toHaveTextContent('7');
    expect(within(facts).getByTestId('fact-amount')).toHaveTextContent('100.00');
    expect(within(facts).getByTestId('fact-fee')).toHaveTextContent('2.50');
    expect(within(facts).getByTestId('fact-total-held')).toHaveTextContent('102.50');
    expect(within(facts).getByTestId('fact-account')).toHaveTextContent('VCB ****7890');
    expect(within(facts).getByText('Bank transfer')).toBeVisible();
    expect(within(facts).getByText('1 h 5 min')).toBeVisible();
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByTestId('balance-wallet')).toHaveTextContent('1,234.50');
    expect(within(player).getByTestId('balance-frozen')).toHaveTextContent('102.50');
    expect(within(player).getByTestId('turnover-left')).toHaveTextContent('0.00');
    const links = within(player).getByRole('list', { name: 'Shared with other players' });
    expect(
      within(links)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Payout account VCB ****7890: players 12, 13', 'Address 203.0.113.7: player 14']);
    const withdrawals = screen.getByRole('table', { name: 'Recent withdrawals of this player' });
    expect(within(withdrawals).getAllByRole('row')).toHaveLength(3);
    expect(within(withdrawals).getByText('(this one)')).toBeVisible();
    expect(within(withdrawals).getByRole('link', { name: 'Withdrawal 52' })).toBeVisible();
    expect(within(withdrawals).getByText('Paid')).toBeVisible();
    const deposits = screen.getByRole('table', { name: 'Recent deposits of this player' });
    expect(within(deposits).getByRole('link', { name: 'Deposit 30' })).toBeVisible();
    expect(within(deposits).getByText('12,500,000.00 VND')).toBeVisible();
  });

  it('says so when no other player shares his accounts or addresses', async () => {
    serve({ detail: { links: { payout_accounts: [], addresses: [] } } });
    renderConsole('/withdrawals/61', aSession());
    expect(
      await screen.findByText('No other player shares his accounts or addresses.'),
    ).toBeVisible();
  });

  it('reads the whole card number only when the button is clicked', async () => {
    const { calls } = serve();
    renderConsole('/withdrawals/61', aSession());
    const payTo = await screen.findByRole('region', { name: 'Pay to' });
    expect(within(payTo).getByTestId('pay-to-masked')).toHaveTextContent('VCB ****7890');
    expect(
      within(payTo).getByText('Each showing is recorded in the audit log under your name.'),
    ).toBeVisible();
    await pastButtonThrottle();
    expect(payToCalls(calls)).toHaveLength(0);
    await userEvent.click(
      within(payTo).getByRole('button', { name: 'Show card number / address' }),
    );
    expect(await within(payTo).findByTestId('pay-to-card-no')).toHaveTextContent(
      '0071001234567890',
    );
    expect(within(payTo).getByTestId('pay-to-holder')).toHaveTextContent('NGUYEN VAN A');
    expect(within(payTo).getByText('District 1')).toBeVisible();
    expect(within(payTo).queryByRole('button')).not.toBeInTheDocument();
    expect(payToCalls(calls)).toHaveLength(1);
    expect(payToCalls(calls)[0]).toMatchObject({ method: 'GET' });
  });

  it('shows the whole USDT address on a click', async () => {
    serve({
      withdrawal: aWithdrawal({ method: 'usdt', account: 'TRC20 TXk3…' }),
      payTo: { usdt: 'TRC20 TXk3abcdefghijklmnopqrstuvwxyz12' },
    });
    renderConsole('/withdrawals/61', aSession());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show card number / address' }),
    );
    expect(await screen.findByTestId('pay-to-address')).toHaveTextContent(
      'TRC20 TXk3abcdefghijklmnopqrstuvwxyz12',
    );
  });

  it('offers no reveal to a role that may not read it', async () => {
    const { calls } = serve({ detail: { may_read_pay_to: false } });
    renderConsole('/withdrawals/61', aSession());
    const payTo = await screen.findByRole('region', { name: 'Pay to' });
    expect(within(payTo).getByTestId('pay-to-masked')).toHaveTextContent('VCB ****7890');
    expect(
      within(payTo).getByText(
        'Your role may not read the whole card number or address: only the masked one shows.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Show card number / address' }),
    ).not.toBeInTheDocument();
    expect(payToCalls(calls)).toHaveLength(0);
  });

  it('pays in one click with the csrf header, then offers no more actions', async () => {
    const { calls } = serve({
      review: () => jsonResponse(envelope({ withdrawal: reviewed('passed') })),
    });
    renderConsole('/withdrawals/61', aSession({ csrf: 'csrf-7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal 61 is paid.');
    const title = screen.getByRole('heading', { level: 1, name: 'Withdrawal 61' }).parentElement!;
    expect(within(title).getByText('Paid')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(
      screen.getByText('This withdrawal is reviewed: there is nothing left to do.'),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin/api/withdrawals/61/approve',
      body: {},
      headers: { 'x-csrf-token': 'csrf-7' },
    });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url === '/admin/api/queues')).toHaveLength(2),
    );
    expect(payToCalls(calls)).toHaveLength(0);
  });

  it('records a first approval under the four-eyes rule and keeps the actions', async () => {
    const first = { approved_by: 'mai', approved_at: 1_800_000_300 };
    serve({
      withdrawal: aWithdrawal({ second_approval_needed: true }),
      review: () =>
        jsonResponse(
          envelope({
            withdrawal: aWithdrawal({ second_approval_needed: true, first_approval: first }),
          }),
        ),
    });
    renderConsole('/withdrawals/61', aSession({ name: 'mai' }));
    expect(await screen.findByTestId('approval-state')).toHaveTextContent(
      'This withdrawal is paid only when two staff members approve it.',
    );
    expect(screen.getByTestId('fact-approvals')).toHaveTextContent('needs 2');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'First approval recorded (by mai). A second staff member must approve to pay it.',
    );
    expect(screen.getByTestId('approval-state')).toHaveTextContent(/^Approved once, by mai at /);
    expect(screen.getByTestId('fact-approvals')).toHaveTextContent('1 of 2 (mai)');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark failed' })).toBeVisible();
  });

  it('shows the refusal of a second approval by the same staff member', async () => {
    serve({
      withdrawal: aWithdrawal({
        second_approval_needed: true,
        first_approval: { approved_by: 'mai', approved_at: 1_800_000_300 },
      }),
      review: () =>
        refuse('A second staff member must approve this withdrawal.', 'second_approver_needed'),
    });
    renderConsole('/withdrawals/61', aSession({ name: 'mai' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A second staff member must approve this withdrawal.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeVisible();
  });

  it('rejects only with a reason, and posts it with the csrf header', async () => {
    const { calls } = serve({
      review: (call) =>
        jsonResponse(
          envelope({
            withdrawal: reviewed('rejected', (call.body as { reason: string }).reason),
          }),
        ),
    });
    renderConsole('/withdrawals/61', aSession({ csrf: 'csrf-7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject withdrawal 61' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason: the player reads it.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), '  Turnover not met.  ');
    await pastButtonThrottle();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal 61 is rejected.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin/api/withdrawals/61/reject',
      body: { reason: 'Turnover not met.' },
      headers: { 'x-csrf-token': 'csrf-7', 'Content-Type': 'application/json' },
    });
    expect(await screen.findByTestId('fact-reason')).toHaveTextContent('Turnover not met.');
  });

  it('marks failed with a reason', async () => {
    const { calls } = serve({
      review: () => jsonResponse(envelope({ withdrawal: reviewed('failed', 'Bank refused') })),
    });
    renderConsole('/withdrawals/61', aSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark failed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark withdrawal 61 failed' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Bank refused');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawal 61 is marked failed.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin/api/withdrawals/61/fail',
      body: { reason: 'Bank refused' },
    });
  });

  it('offers no action on a withdrawal already reviewed', async () => {
    serve({ withdrawal: reviewed('rejected', 'Turnover not met') });
    renderConsole('/withdrawals/61', aSession());
    expect(await screen.findByTestId('fact-reason')).toHaveTextContent('Turnover not met');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark failed' })).not.toBeInTheDocument();
  });

  it('is not offered without the permission', async () => {
    const { calls } = serve();
    renderConsole('/withdrawals/61', aSession({ permissions: ['wallet:deposit:review'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role may not review withdrawals.',
    );
    expect(calls.some((call) => call.url.startsWith('/admin/api/withdrawals'))).toBe(false);
  });
});
