import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/console/i18n/i18n';
import { getSessionState, resetSession } from '@/console/lib/session';
import { aPage, aSession, signInRequired } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

async function fillIn(account: string, passphrase: string, code: string) {
  await userEvent.type(screen.getByLabelText('Account'), account);
  await userEvent.type(screen.getByLabelText('Passphrase'), passphrase);
  await userEvent.type(screen.getByLabelText('Authenticator code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in screen', () => {
  it('labels its fields, the passphrase hidden, the code not forced numeric', () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderConsole('/sign-in', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('fairhall console');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveAccessibleDescription('(login name or id)');
    expect(screen.getByLabelText('Passphrase')).toHaveAttribute('type', 'password');
    const code = screen.getByLabelText('Authenticator code');
    expect(code).not.toHaveAttribute('inputmode');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('asks for every field before calling the server', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(envelope(null)));
    renderConsole('/sign-in', null);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your login name or id.')).toBeVisible();
    expect(screen.getByText('Enter your console passphrase.')).toBeVisible();
    expect(screen.getByLabelText('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the fields and goes on to the deposit queue', async () => {
    const session = aSession({ name: 'mai', role: 'finance' });
    const { calls } = mockFetch((call) => {
      if (call.url === '/admin/api/session') return jsonResponse(envelope(session));
      if (call.url === '/admin/api/queues')
        return jsonResponse(
          envelope({ deposits: { waiting: 0, oldest_age_secs: null }, withdrawals: null }),
        );
      return jsonResponse(envelope(aPage([])));
    });
    const { router } = renderConsole('/sign-in', null);
    await fillIn(' mai ', 'correct horse battery', 'abcd-efgh-ijkl');
    expect(await screen.findByRole('heading', { name: 'Deposits waiting' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/deposits');
    expect(calls[0]).toMatchObject({
      url: '/admin/api/session',
      method: 'POST',
      body: { account: 'mai', passphrase: 'correct horse battery', code: 'abcd-efgh-ijkl' },
    });
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(getSessionState().session).toEqual(session);
    expect(screen.getByTestId('staff-name')).toHaveTextContent('mai');
    expect(screen.getByText('role: finance')).toBeVisible();
  });

  it('shows the server message of a refusal in an alert', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'The code is wrong.', err: 'wrong_code', data: null }),
    );
    renderConsole('/sign-in', null);
    await fillIn('mai', 'correct horse battery', '123456');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code is wrong.');
    expect(getSessionState().session).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  });

  it('returns where the shell was sent from', async () => {
    mockFetch((call) => {
      if (call.url === '/admin/api/session' && call.method === 'GET')
        return jsonResponse(signInRequired, 401);
      if (call.url === '/admin/api/session') return jsonResponse(envelope(aSession()));
      if (call.url === '/admin/api/queues')
        return jsonResponse(envelope({ deposits: null, withdrawals: null }));
      return jsonResponse(envelope(aPage([])));
    });
    const { router } = renderConsole('/deposits?page=2', null);
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    await fillIn('mai', 'correct horse battery', '123456');
    await screen.findByRole('heading', { name: 'Deposits waiting' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/deposits?page=2');
  });

  it('switches to Chinese and back', async () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderConsole('/sign-in', null);
    const switcher = screen.getByRole('group', { name: 'Language' });
    await userEvent.click(within(switcher).getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('heading', { name: '登录控制台' })).toBeVisible();
    expect(screen.getByLabelText('验证码')).toBeVisible();
    expect(within(switcher).getByRole('button', { name: '中文' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(switcher).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  });
});
