import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '@/components/toast-host';
import { Component as LoginPage } from '@/features/auth/pages/login-page';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, getToken } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

const user = {
  id: 3,
  username: 'linh',
  nickname: 'Linh',
  phone: '138****0000',
  avatar: '',
  vip_level: 0,
  balance: '0.00',
  game_balance: '0.00',
  frozen: '0.00',
  total_deposit: '0.00',
  betting_points: '0.00',
  invite_code: 'AB12CD',
};

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/pages/login/index', Component: LoginPage },
      { path: '/pages/home/index', element: <p>home page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/pages/login/index'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('validates before calling the API', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(envelope(null)));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your phone number or login name')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone or login name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as the field is edited', async () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.type(screen.getByLabelText('Phone or login name'), 'l');
    expect(screen.queryByText('Enter your phone number or login name')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('logs in, stores the session and goes home', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({ token: 'tok-9', user })));
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Phone or login name'), 'linh');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/home/index');
    expect(calls[0]).toMatchObject({
      url: 'api/login/post',
      method: 'POST',
      body: { account: 'linh', password: 'secret1' },
    });
    expect(getToken()).toBe('tok-9');
  });

  it('shows the server message when the login is refused', async () => {
    mockFetch(() =>
      jsonResponse({ code: 0, msg: 'Login password is wrong', err: 'login_failed', data: null }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Phone or login name'), '13800000000');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login password is wrong')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('toggles password visibility', async () => {
    mockFetch(() => jsonResponse(envelope(null)));
    renderLogin();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});
