// The register page's agreements (linked, required) and the chosen location (its dialling code
// and phone pattern, sent with the registration).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as RegisterPage } from '@/features/auth/pages/register-page';
import { activateLanguage } from '@/i18n/i18n';
import { DEFAULT_CONFIG, type AppConfig } from '@/lib/config';
import { chooseLocation } from '@/lib/location';
import { ROUTES } from '@/lib/routes';
import { clearSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

const config: AppConfig = {
  ...DEFAULT_CONFIG,
  agreements: [
    {
      key: 'privacy_policy',
      titles: {},
      url: '#/pages/jogos/about-us?page=privacy-policy',
      version: '1',
    },
    {
      key: 'user_agreement',
      titles: { en: 'Terms of Play' },
      url: 'https://example.com/terms',
      version: '1',
    },
  ],
  locations: [
    {
      code: 'VN',
      name: 'Việt Nam',
      picture: 'flags/vn.svg',
      currency: 'VND',
      dialling_code: '+84',
      phone_pattern: '^0?[35789]\\d{8}$',
    },
  ],
};

const session = { token: 't'.repeat(64), user: { id: 1 } };

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  clearSession();
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve() {
  return mockFetch((call) =>
    call.url.startsWith('api/index/config')
      ? jsonResponse(envelope(config))
      : jsonResponse(envelope(session)),
  );
}

async function fillForm(phone: string) {
  await userEvent.type(await screen.findByLabelText(/Phone/), phone);
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
  await userEvent.type(screen.getByLabelText(/Confirm password/), 'secret12');
}

const pages: [string, ComponentType][] = [
  [ROUTES.register, RegisterPage],
  [ROUTES.home, () => <p>home page</p>],
];

describe('register page', () => {
  it('links both agreements and refuses to send the form until they are accepted', async () => {
    const { calls } = serve();
    renderPages(pages, ROUTES.register);

    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '#/pages/jogos/about-us?page=privacy-policy',
    );
    const terms = screen.getByRole('link', { name: 'Terms of Play' });
    expect(terms).toHaveAttribute('href', 'https://example.com/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    await fillForm('13812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please accept the agreements to register',
    );
    expect(calls.some((call) => call.url === 'api/login/do_register')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox'));
    // The button ignores a second tap within 500 ms (components/button.tsx).
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === 'api/login/do_register');
    expect(sent?.body).toMatchObject({ phone: '13812345678', agree: '1', location: '' });
  });

  it('checks the phone with the chosen location and sends its code', async () => {
    chooseLocation('VN');
    const { calls } = serve();
    renderPages(pages, ROUTES.register);

    expect(await screen.findByRole('img', { name: 'Flag of Việt Nam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Việt Nam \(\+84\)/ })).toBeInTheDocument();
    await fillForm('0912345678');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === 'api/login/do_register');
    expect(sent?.body).toMatchObject({ phone: '0912345678', location: 'VN', agree: '1' });
  });
});
