// The withdraw and deposit forms as a player meets them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/dialog-host';
import type { RechargeOptions } from '@/features/wallet/api/recharge-options';
import type { WithdrawTerms } from '@/features/wallet/api/withdraw-terms';
import { DepositForm } from '@/features/wallet/pages/deposit-page';
import { WithdrawForm, type Target } from '@/features/wallet/pages/withdraw-page';
import { activateLanguage } from '@/i18n/i18n';
import { envelope, jsonResponse, mockFetch, receivingAccount } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderInApp(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/page'] });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
}

const terms: WithdrawTerms = {
  balance: '500.00',
  turnover_remaining: '0.00',
  min: '10.00',
  max: '100000.00',
  single_max: '50000.00',
  vip_level: 0,
  daily_count: 3,
  used_today: 1,
  left_today: 2,
  fee_bp: 150,
  small_below: '1.00',
  small_fee: '1.00',
  quote: null,
  pending: [],
  now: 1_795_334_400,
};
const card: Target = { method: 'bank', id: 7, title: 'Vietcombank', detail: '**** **** **** 7890' };

describe('withdraw form', () => {
  it('shows the turnover still to bet prominently and keeps the form closed', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(
      <WithdrawForm
        terms={{ ...terms, turnover_remaining: '120.50' }}
        targets={[card]}
        fundPasswordSet
        onDone={() => undefined}
      />,
    );
    const block = screen.getByTestId('turnover-block');
    expect(block).toHaveTextContent('Turnover still to bet');
    expect(block).toHaveTextContent('120.50');
    expect(block).toHaveTextContent('Withdrawals open when the turnover still to bet reaches 0');
    expect(screen.getByLabelText('Withdrawal amount')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it("shows the cap and daily count of the player's VIP level", () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(
      <WithdrawForm
        terms={{ ...terms, vip_level: 2, single_max: '60000.00', daily_count: 4 }}
        targets={[card]}
        fundPasswordSet
        onDone={() => undefined}
      />,
    );
    expect(screen.getByText('VIP level').nextElementSibling).toHaveTextContent('VIP 2');
    expect(screen.getByText('Single withdrawal cap').nextElementSibling).toHaveTextContent(
      '60,000.00',
    );
    expect(screen.getByText('Withdrawals per day').nextElementSibling).toHaveTextContent(
      '1 of 4 used today',
    );
  });

  it('shows the count left today and closes the form when none is left', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(
      <WithdrawForm
        terms={{ ...terms, used_today: 3, left_today: 0 }}
        targets={[card]}
        fundPasswordSet
        onDone={() => undefined}
      />,
    );
    expect(screen.getByTestId('withdraw-left-today')).toHaveTextContent('0 of 3 left');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it('shows each pending withdrawal with its state and time in the queue', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    const pending = {
      id: 4,
      method: 'bank',
      account: 'VCB ****7890',
      amount: '25.00',
      fee: '0.38',
      status: 'pending' as const,
      created_at: terms.now - 7_800,
      waiting_secs: 7_800,
    };
    renderInApp(
      <WithdrawForm
        terms={{ ...terms, pending: [pending, { ...pending, id: 5, waiting_secs: 90_000 }] }}
        targets={[card]}
        fundPasswordSet
        onDone={() => undefined}
      />,
    );
    const queue = screen.getByTestId('withdraw-pending');
    expect(within(queue).getAllByText('Pending review')).toHaveLength(2);
    const waits = within(queue).getAllByTestId('queue-wait');
    expect(waits[0]).toHaveTextContent('Waiting 2 h 10 min');
    expect(waits[1]).toHaveTextContent('Waiting 1 d 1 h');
    expect(queue).toHaveTextContent('25.00');
  });

  it('shows no turnover block at 0, computes the fee like the server and asks before sending', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          id: 1,
          method: 'bank',
          account: 'VCB ****7890',
          amount: '10.01',
          fee: '0.16',
          status: 'pending',
          reason: '',
          created_at: 1,
          reviewed_at: null,
        }),
      ),
    );
    const onDone = vi.fn();
    renderInApp(<WithdrawForm terms={terms} targets={[card]} fundPasswordSet onDone={onDone} />);
    expect(screen.queryByTestId('turnover-block')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 3 used today')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Withdrawal amount'), '10.01');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('0.16');
    expect(screen.getByTestId('withdraw-total')).toHaveTextContent('10.17');
    await userEvent.type(screen.getByLabelText('Fund password'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Withdraw 10.01 to Vietcombank **** **** **** 7890? Fee 0.16; 10.17 will be deducted',
    );
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      url: 'api/personal/do_withdraw',
      body: { method: 'bank', account_id: 7, amount: '10.01', fund_password: '123456' },
    });
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('links to setting a fund password when there is none', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(
      <WithdrawForm
        terms={terms}
        targets={[card]}
        fundPasswordSet={false}
        onDone={() => undefined}
      />,
    );
    expect(screen.getByRole('link', { name: 'Set fund password' })).toHaveAttribute(
      'href',
      '/pages/yn28/info/securitypassword',
    );
    expect(screen.queryByLabelText('Fund password')).not.toBeInTheDocument();
  });
});

const options: RechargeOptions = {
  currency: 'USDT',
  methods: ['bank', 'usdt'],
  min: '10.00',
  max: '1000000.00',
  accounts: [
    receivingAccount({ code: 'vcb-dong', currencies: ['VND'], max: '100.00' }),
    receivingAccount({ code: 'tcb', bank: 'Techcombank', number: '19034567890123' }),
    receivingAccount({
      code: 'trc',
      method: 'usdt',
      bank: '',
      branch: '',
      holder: '',
      number: '',
      network: 'TRC20',
      address: 'TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e',
    }),
  ],
  currencies: [
    { code: 'USDT', name: 'Tether USD', picture: '', rate: '1' },
    { code: 'VND', name: 'Dong', picture: '', rate: '25000' },
  ],
  countries: [],
  voucher_max_bytes: 1024 * 1024,
};

const png = (size = 100) => new File([new Uint8Array(size)], 'pay.png', { type: 'image/png' });

describe('deposit form', () => {
  it('requires a screenshot voucher before anything is sent', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(<DepositForm options={options} first={false} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^Amount/), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Upload a screenshot of your payment')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the picture on the device: type and size', async () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderInApp(<DepositForm options={options} first={false} onDone={() => undefined} />);
    const input = screen.getByLabelText('Payment screenshot');
    await userEvent.upload(input, png(1024 * 1024 + 1));
    expect(await screen.findByText('The picture can be at most 1 MB')).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP picture')).toBeInTheDocument();
  });

  it('shows the receiving account that fits the currency and amount and sends its code', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          id: 5,
          method: 'bank',
          amount: '50.00',
          currency: 'VND',
          pay_amount: '1250000.00',
          content: '',
          account_code: 'vcb-dong',
          account_label: 'Vietcombank, District 1, FAIRHALL LTD, 0071000123456',
          status: 'pending',
          reason: '',
          created_at: 1,
          reviewed_at: null,
        }),
      ),
    );
    const onDone = vi.fn();
    renderInApp(<DepositForm options={options} first={false} onDone={onDone} />);
    // USDT: only the account for every currency takes it, so no picker.
    expect(screen.getByTestId('bank-account-bank')).toHaveTextContent('Techcombank');
    expect(screen.getByTestId('bank-account-number')).toHaveTextContent('19034567890123');
    expect(screen.queryByRole('radiogroup', { name: 'Receiving account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Account number' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-rate')).toHaveTextContent('1 USDT = 1 USDT');
    // Dong: the dong account first, up to its band's 100.00; above it the next that takes it.
    await userEvent.click(screen.getByRole('radio', { name: /VND/ }));
    expect(screen.getByTestId('bank-account-bank')).toHaveTextContent('Vietcombank');
    expect(screen.getByTestId('account-band')).toHaveTextContent('10.00');
    await userEvent.type(screen.getByLabelText(/^Amount/), '500');
    expect(screen.getByTestId('bank-account-bank')).toHaveTextContent('Techcombank');
    // The player picks the dong account anyway: its band refuses 500 before anything is sent.
    await userEvent.click(screen.getByRole('radio', { name: /Vietcombank/ }));
    await userEvent.upload(screen.getByLabelText('Payment screenshot'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('The amount can be at most 100.00')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Amount/));
    await userEvent.type(screen.getByLabelText(/^Amount/), '50');
    await new Promise((resolve) => setTimeout(resolve, 550));
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ account: 'vcb-dong', currency: 'VND', amount: '50.00' });
  });

  it('says so when no receiving account takes the currency, and sends nothing', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(envelope(null)));
    const onlyDong = { ...options, accounts: options.accounts.slice(0, 1) };
    renderInApp(<DepositForm options={onlyDong} first={false} onDone={() => undefined} />);
    expect(
      screen.getByText(
        'No receiving account takes deposits in this currency. Choose another currency or method.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the payment amount in the chosen currency and sends a multipart request with a key reused on retry', async () => {
    let fail = true;
    const { calls } = mockFetch(() => {
      if (fail) {
        fail = false;
        return Promise.reject(new TypeError('network down'));
      }
      return jsonResponse(
        envelope({
          id: 4,
          method: 'bank',
          amount: '10.01',
          currency: 'VND',
          pay_amount: '250250.00',
          content: '',
          status: 'pending',
          reason: '',
          created_at: 1,
          reviewed_at: null,
        }),
      );
    });
    const onDone = vi.fn();
    renderInApp(<DepositForm options={options} first={false} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText(/^Amount/), '10.01');
    await userEvent.click(screen.getByRole('radio', { name: /VND/ }));
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('250,250.00 VND');
    await userEvent.upload(screen.getByLabelText('Payment screenshot'), png());
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    // The network failed: the player taps again (after the button's 500 ms throttle).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit deposit' })).toBeEnabled(),
    );
    await new Promise((resolve) => setTimeout(resolve, 550));
    await userEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url).toBe('api/personal/recharge');
    expect(calls[1]?.headers['Idempotency-Key']).toBe(calls[0]?.headers['Idempotency-Key']);
  });
});
