// The register page's agreements (linked, required), the chosen location (its dialling code
// and phone pattern, sent with the registration), the legal age (confirmed, and the date of birth
// when the operator requires it) and the offer to set a deposit limit afterwards.
import { screen, waitFor, within } from '@testing-library/react';
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

function serve(
  served: AppConfig = config,
  register: () => Response = () => jsonResponse(envelope(session)),
) {
  return mockFetch((call) =>
    call.url.startsWith('api/index/config') ? jsonResponse(envelope(served)) : register(),
  );
}

/** Declines the deposit-limit offer that follows a registration. */
async function later() {
  const offer = await screen.findByRole('alertdialog', { name: 'Set a deposit limit?' });
  await userEvent.click(within(offer).getByRole('button', { name: 'Later' }));
}

const agreementBox = () => screen.getByRole('checkbox', { name: /I have read and accept/ });
const ageBox = () => screen.getByRole('checkbox', { name: 'I confirm I am at least 18 years old' });

async function fillForm(phone: string) {
  await userEvent.type(await screen.findByLabelText(/Phone/, undefined, SLOW), phone);
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
  await userEvent.type(screen.getByLabelText(/Confirm password/), 'secret12');
}

const pages: [string, ComponentType][] = [
  [ROUTES.register, RegisterPage],
  [ROUTES.home, () => <p>home page</p>],
];

// Generous limits: the first render transforms the page's modules (slow on a busy machine).
const SLOW = { timeout: 8000 };

describe('register page', { timeout: 30_000 }, () => {
  it('links both agreements and refuses to send the form until they are accepted', async () => {
    const { calls } = serve();
    renderPages(pages, ROUTES.register);

    expect(await screen.findByRole('link', { name: 'Privacy Policy' }, SLOW)).toHaveAttribute(
      'href',
      '#/pages/jogos/about-us?page=privacy-policy',
    );
    const terms = screen.getByRole('link', { name: 'Terms of Play' });
    expect(terms).toHaveAttribute('href', 'https://example.com/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    await fillForm('13812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please accept the agreements to register')).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/login/do_register')).toBe(false);

    await userEvent.click(agreementBox());
    await userEvent.click(ageBox());
    // The button ignores a second tap within 500 ms (components/button.tsx).
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await later();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === 'api/login/do_register');
    expect(sent?.body).toMatchObject({
      phone: '13812345678',
      agree: '1',
      age_confirmed: '1',
      location: '',
    });
    expect(sent?.body).not.toHaveProperty('birth_date');
  });

  it('checks the phone with the chosen location and sends its code', async () => {
    chooseLocation('VN');
    const { calls } = serve();
    renderPages(pages, ROUTES.register);

    expect(await screen.findByRole('img', { name: 'Flag of Việt Nam' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Việt Nam \(\+84\)/ })).toBeInTheDocument();
    await fillForm('0912345678');
    await userEvent.click(agreementBox());
    await userEvent.click(ageBox());
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await later();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === 'api/login/do_register');
    expect(sent?.body).toMatchObject({ phone: '0912345678', location: 'VN', agree: '1' });
  });

  it('refuses to register until the legal age is confirmed', async () => {
    const { calls } = serve({ ...config, agreements: [], legal_age: 21 });
    renderPages(pages, ROUTES.register);
    await fillForm('13812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Please confirm that you are at least 21 years old'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/login/do_register')).toBe(false);

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I confirm I am at least 21 years old' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await later();
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('asks for the date of birth when the operator requires it and checks the age', async () => {
    const { calls } = serve({ ...config, agreements: [], require_birth_date: true });
    renderPages(pages, ROUTES.register);
    await fillForm('13812345678');
    await userEvent.click(ageBox());
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your date of birth')).toBeInTheDocument();

    // Ten years old today: refused before asking the server.
    const today = new Date();
    const child = `${today.getFullYear() - 10}-01-01`;
    await userEvent.type(screen.getByLabelText('Date of birth'), child);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('You must be at least 18 years old to register'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url === 'api/login/do_register')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Date of birth'));
    await userEvent.type(screen.getByLabelText('Date of birth'), '1990-05-17');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await later();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === 'api/login/do_register');
    expect(sent?.body).toMatchObject({ age_confirmed: '1', birth_date: '1990-05-17' });
  });

  it("shows the server's age refusal at the date of birth", async () => {
    serve({ ...config, agreements: [], require_birth_date: true }, () =>
      jsonResponse({
        code: 0,
        msg: 'You must be at least 18 to play here',
        err: 'under_age',
        data: null,
      }),
    );
    renderPages(pages, ROUTES.register);
    await fillForm('13812345678');
    await userEvent.click(ageBox());
    await userEvent.type(screen.getByLabelText('Date of birth'), '1990-05-17');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const field = screen.getByLabelText('Date of birth');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('You must be at least 18 to play here'),
    );
    expect(screen.queryByText('home page')).toBeNull();
  });

  it('offers a deposit limit after registering, which leads to the protection page', async () => {
    serve({ ...config, agreements: [] });
    renderPages([...pages, [ROUTES.protection, () => <p>protection page</p>]], ROUTES.register);
    await fillForm('13812345678');
    await userEvent.click(ageBox());
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const offer = await screen.findByRole('alertdialog', { name: 'Set a deposit limit?' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Set a limit' }));
    expect(await screen.findByText('protection page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/pages/mine/protection');
  });
});
