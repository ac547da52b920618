// The partner page: the team per level and in total, the members by level with paging, and
// the weekly salary (this week, the table, the history).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  member,
  page,
  paramOf,
  player,
  renderAt,
  salary,
  team,
} from '@/features/growth/team/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch, type Answer, type FetchCall } from '@/test/helpers';

let answers: Record<string, Answer>;
let calls: FetchCall[];

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  answers = {
    'api/personal/index': () => player,
    'api/team/index': () => team,
    'api/team/members': (call) =>
      paramOf(call.url, 'level') === '2'
        ? page([member({ phone: '139****0002', level: 2 })])
        : paramOf(call.url, 'level') === '3'
          ? page([])
          : paramOf(call.url, 'page') === '2'
            ? page([member({ phone: '139****0021' })], 21, 2)
            : page(
                Array.from({ length: 20 }, (_, index) =>
                  member({ phone: `139****${(index + 1).toString().padStart(4, '0')}` }),
                ),
                21,
              ),
    'api/salary/index': () => salary(),
  };
  ({ calls } = routeFetch(answers));
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('become a partner', () => {
  it('shows the team per level and in total', async () => {
    renderAt('/pages/buddy/index');
    const first = await screen.findByTestId('team-level-1');
    expect(first).toHaveTextContent('Level 1');
    expect(first).toHaveTextContent('200.00');
    expect(first).toHaveTextContent('300.00');
    expect(first).toHaveTextContent('3.00');
    const total = screen.getByTestId('team-level-0');
    expect(total).toHaveTextContent('Whole team');
    expect(total).toHaveTextContent('400.00');
    expect(total).toHaveTextContent('3.50');
    expect(screen.getByRole('columnheader', { name: 'Total withdrawals' })).toBeInTheDocument();
  });

  it('lists the members of each level with masked phones, page after page', async () => {
    const user = userEvent.setup();
    renderAt('/pages/buddy/index');
    expect(await screen.findAllByTestId('team-member')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('139****0021')).toBeInTheDocument();
    const members = calls.filter((call) => call.url.startsWith('api/team/members'));
    expect(members.map((call) => paramOf(call.url, 'page'))).toEqual(['1', '2']);

    await user.click(screen.getByRole('tab', { name: 'Level 2' }));
    const second = await screen.findByText('139****0002');
    expect(second.closest('[data-testid="team-member"]')).toHaveTextContent(
      'Total recharge 100.00',
    );
    await user.click(screen.getByRole('tab', { name: 'Level 3' }));
    expect(await screen.findByText('No members on this level yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Invite friends' })).toHaveLength(2);
  });

  it('shows this week of the salary, the table and the history', async () => {
    renderAt('/pages/buddy/index');
    expect(await screen.findByTestId('salary-volume')).toHaveTextContent('12,000.00');
    expect(screen.getByTestId('salary-active')).toHaveTextContent('4');
    const table = screen.getByTestId('salary-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('50,000.00');
    expect(rows[2]).toHaveTextContent('600.00');
    const payment = await screen.findByTestId('salary-payment');
    expect(payment).toHaveTextContent('100.00');
    expect(payment).toHaveTextContent('15,000.00');
  });
});
