// The backwater page: what is settled but not yet paid, the rates and the history.
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, player, rebate, renderAt } from '@/features/growth/team/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type Answer } from '@/test/helpers';

let answers: Record<string, Answer>;

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = { 'api/personal/index': () => player, 'api/rebate/index': () => rebate() };
  routeFetch(answers);
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('backwater', () => {
  it('shows the pending amount, the rates and what each batch paid', async () => {
    renderAt('/pages/mine/backwater/index');
    expect(await screen.findByTestId('rebate-pending')).toHaveTextContent('3.50');
    expect(screen.getByText('Your rebate on your net loss').nextSibling).toHaveTextContent(
      '0.50 %',
    );
    expect(screen.getByText('Level 1 commission').nextSibling).toHaveTextContent('1.00 %');
    expect(screen.getByText('Level 3 commission').nextSibling).toHaveTextContent('0.20 %');
    expect(screen.getByText(/every 60 minutes/)).toBeInTheDocument();
    const payment = await screen.findByTestId('rebate-payment');
    expect(payment).toHaveTextContent('1.75');
    expect(payment).toHaveTextContent('Level 2 0.40');
  });

  it('says so when nothing was paid yet', async () => {
    answers['api/rebate/index'] = () => rebate({ pending: '0.00', history: page([]) });
    renderAt('/pages/mine/backwater/index');
    expect(await screen.findByText('No rebates paid yet')).toBeInTheDocument();
    expect(screen.getByTestId('rebate-pending')).toHaveTextContent('0.00');
  });
});
