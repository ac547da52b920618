// A product's details as a player meets them: every figure, the schedule the server computes
// for the amount typed (or its reason to refuse it), and a purchase behind the fund password.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { detail, scheduleOf } from '@/features/finance/test-fixtures';
import { paramOf, player, renderAt } from '@/features/finance/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { jsonResponse, routeFetch, type Answer, type FetchCall } from '@/test/helpers';

const refusal = (err: string, msg: string) => jsonResponse({ code: 0, msg, err, data: null });

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/goods/detail': () => detail(),
    'api/goods/schedule': (call) => scheduleOf(paramOf(call.url, 'amount') ?? ''),
    'api/goods/buy': () => ({ order_id: 99, balance: '700.00' }),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const scheduleAmounts = () =>
  calls
    .filter((call) => call.url.startsWith('api/goods/schedule'))
    .map((call) => paramOf(call.url, 'amount'));
const buyCalls = () => calls.filter((call) => call.url === 'api/goods/buy');
const amountField = () => screen.getByLabelText('Investment amount');
const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('product details', () => {
  it('shows every figure of the product and the schedule of the preset minimum', async () => {
    renderAt('/pages/lc/gooddetail?id=7');
    expect(await screen.findByRole('heading', { name: 'Coffee Estate' })).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('api/goods/detail'))?.url).toBe(
      'api/goods/detail?id=7',
    );
    expect(row('Unit price')).toHaveTextContent('100.00');
    expect(row('Total project amount')).toHaveTextContent('100,000.00');
    expect(screen.getByTestId('goods-purchased')).toHaveTextContent('40,000.00');
    expect(screen.getByTestId('goods-reserved')).toHaveTextContent('10,000.00');
    expect(row('Remaining')).toHaveTextContent('50,000.00');
    expect(row('Minimum purchase')).toHaveTextContent('200.00');
    expect(row('Maximum purchase')).toHaveTextContent('5,000.00');
    expect(row('Yield rate')).toHaveTextContent('12.00 %');
    expect(row('Rate per cycle')).toHaveTextContent('1.00 %');
    expect(row('Total yield')).toHaveTextContent('3.00 %');
    expect(row('Yield type')).toHaveTextContent('Interest every cycle, principal at maturity');
    expect(row('Cycle')).toHaveTextContent('30 days');
    expect(row('Number of payouts')).toHaveTextContent('3');
    expect(row('Payout time')).toHaveTextContent('09:30 (Asia/Ho_Chi_Minh)');
    expect(row('Purchase opens')?.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(row('Purchase closes')?.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(row('State')).toHaveTextContent('On sale');
    expect(screen.getByText(/Harvests from the highlands/)).toBeInTheDocument();
    expect(screen.getByTestId('progress-purchased')).toHaveTextContent('Purchased 40.00 %');
    expect(screen.getByTestId('progress-reserved')).toHaveTextContent('Reserved 10.00 %');

    expect(amountField()).toHaveValue('200.00');
    expect(screen.getByTestId('goods-unit-hint')).toHaveTextContent('Whole units of 100.00 each');
    const table = await screen.findByTestId('goods-schedule');
    expect(within(table).getAllByTestId('schedule-row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Date', 'Interest', 'Principal', 'Amount']);
    const last = within(table).getAllByTestId('schedule-row')[2]!;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), '2.00', '200.00', '202.00']);
    expect(within(table).getByTestId('schedule-totals')).toHaveTextContent(
      'In total6.00200.00206.00',
    );
    expect(screen.getByTestId('schedule-units')).toHaveTextContent('2 units');
    expect(scheduleAmounts()).toEqual(['200.00']);
  });

  it('asks for the schedule of a typed amount once typing pauses', async () => {
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    await userEvent.clear(amountField());
    expect(screen.getByText('Enter an amount to see its payout schedule.')).toBeInTheDocument();
    await userEvent.type(amountField(), '1500');
    await waitFor(() => expect(screen.getByTestId('schedule-units')).toHaveTextContent('15 units'));
    expect(screen.getByTestId('schedule-totals')).toHaveTextContent('45.001,500.001,545.00');
    // One request for the pause, none for the keystrokes before it.
    expect(scheduleAmounts()).toEqual(['200.00', '1500.00']);
  });

  it("shows the server's reason instead of the table for an amount it refuses", async () => {
    answers['api/goods/schedule'] = (call) =>
      paramOf(call.url, 'amount') === '250.00'
        ? refusal('not_whole_units', 'The amount must be a whole number of units')
        : scheduleOf(paramOf(call.url, 'amount') ?? '');
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    fireEvent.change(amountField(), { target: { value: '250' } });
    expect(await screen.findByTestId('schedule-problem')).toHaveTextContent(
      'The amount must be a whole number of units',
    );
    expect(screen.queryByTestId('goods-schedule')).not.toBeInTheDocument();
    fireEvent.change(amountField(), { target: { value: '2.5.' } });
    expect(screen.getByTestId('schedule-problem')).toHaveTextContent(
      'Enter an amount with at most 2 decimals and no leading zero',
    );
    fireEvent.change(amountField(), { target: { value: '300' } });
    expect(await screen.findByTestId('goods-schedule')).toBeInTheDocument();
    expect(scheduleAmounts()).toEqual(['200.00', '250.00', '300.00']);
  });

  it('steps the amount by whole units between the minimum and the maximum', async () => {
    answers['api/goods/detail'] = () => detail({ max_purchase: '400.00' });
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    const less = screen.getByRole('button', { name: 'One unit less' });
    const more = screen.getByRole('button', { name: 'One unit more' });
    expect(less).toBeDisabled();
    await userEvent.click(more);
    expect(amountField()).toHaveValue('300.00');
    await userEvent.click(more);
    expect(amountField()).toHaveValue('400.00');
    expect(more).toBeDisabled();
    await userEvent.click(less);
    expect(amountField()).toHaveValue('300.00');
  });

  it('checks the amount before asking the fund password', async () => {
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    fireEvent.change(amountField(), { target: { value: '250' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Buy' }));
    expect(screen.getByText('The amount must be whole units of 100.00')).toBeInTheDocument();
    fireEvent.change(amountField(), { target: { value: '100' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Buy' }));
    expect(screen.getByText('The amount must be at least 200.00')).toBeInTheDocument();
    fireEvent.change(amountField(), { target: { value: '5100' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Buy' }));
    expect(screen.getByText('The amount can be at most 5,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buyCalls()).toHaveLength(0);
  });
});

describe('buying a product', () => {
  it('asks the fund password, sends an Idempotency-Key and links to the new order', async () => {
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    await userEvent.click(screen.getByRole('button', { name: 'One unit more' }));
    await userEvent.click(screen.getByTestId('goods-buy'));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the purchase' });
    expect(dialog).toHaveTextContent('Invest 300.00 in Coffee Estate');
    const password = within(dialog).getByLabelText('Fund password');
    expect(password).toHaveFocus();
    await userEvent.type(password, '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    expect(within(dialog).getByText('The fund password has exactly 6 digits')).toBeInTheDocument();
    expect(buyCalls()).toHaveLength(0);

    await userEvent.type(password, '456');
    fireEvent.submit(within(dialog).getByRole('form'));
    expect(await screen.findByText('Purchase complete')).toBeInTheDocument();
    expect(buyCalls()).toHaveLength(1);
    expect(buyCalls()[0]).toMatchObject({
      method: 'POST',
      body: { id: 7, amount: '300.00', fund_password: '123456' },
    });
    expect(buyCalls()[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('#99')).toBeInTheDocument();
    expect(screen.getByText('700.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/pages/lc/goodorder?id=99',
    );
  });

  it("keeps a wrong fund password in the dialog with the server's message and the same key", async () => {
    answers['api/goods/buy'] = () => refusal('fund_password_wrong', 'The fund password is wrong');
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    await userEvent.click(screen.getByTestId('goods-buy'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Fund password'), '111111');
    fireEvent.submit(within(dialog).getByRole('form'));
    expect(await within(dialog).findByText('The fund password is wrong')).toBeInTheDocument();

    answers['api/goods/buy'] = () => refusal('insufficient_balance', 'Insufficient balance');
    await userEvent.clear(within(dialog).getByLabelText('Fund password'));
    await userEvent.type(within(dialog).getByLabelText('Fund password'), '246810');
    fireEvent.submit(within(dialog).getByRole('form'));
    // Any other refusal closes the dialog; the server's message shows as a toast.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    expect(buyCalls()).toHaveLength(2);
    expect(buyCalls()[1]?.body).toMatchObject({ amount: '200.00', fund_password: '246810' });
    // The same product and amount are one attempt: a retry reuses its key.
    expect(buyCalls()[1]?.headers['Idempotency-Key']).toBe(
      buyCalls()[0]?.headers['Idempotency-Key'],
    );
  });

  it('sends a player without a fund password to set one first', async () => {
    answers['api/personal/index'] = () => ({ ...player, fund_password_set: false });
    startSession('tok', { ...player, fund_password_set: false });
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    await userEvent.click(screen.getByTestId('goods-buy'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Set a fund password before you invest.');
    expect(within(dialog).getByRole('link', { name: 'Set fund password' })).toHaveAttribute(
      'href',
      '/pages/yn28/info/securitypassword',
    );
    expect(within(dialog).getByRole('button', { name: 'Buy' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the state instead of Buy while the product is not on sale', async () => {
    answers['api/goods/detail'] = () => detail({ state: 'sold_out', remaining: '0.00' });
    renderAt('/pages/lc/gooddetail?id=7');
    await screen.findByTestId('goods-schedule');
    const buy = screen.getByTestId('goods-buy');
    expect(buy).toHaveTextContent('Sold out');
    expect(buy).toBeDisabled();
  });

  it('says a product the server does not know is not available', async () => {
    answers['api/goods/detail'] = () => refusal('not_found', 'Not found');
    renderAt('/pages/lc/gooddetail?id=404');
    expect(await screen.findByText('Product not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute(
      'href',
      '/pages/lc/goodlist',
    );
  });

  it.each(['?id=abc', '?id=0', ''])('asks nothing for the id in "%s"', async (query) => {
    renderAt(`/pages/lc/gooddetail${query}`);
    expect(await screen.findByText('Product not available')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('api/goods'))).toEqual([]);
  });
});
