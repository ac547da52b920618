// The location pages (list, confirmation stored on the device), the framebox's allow-list, the
// Telegram page's links and hours, and the agreement dialog for a raised version.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgreementGate } from '@/features/system/parts/agreement-gate';
import { Component as ChooseLocationPage } from '@/features/system/pages/choose-location-page';
import { Component as FrameboxPage } from '@/features/system/pages/framebox-page';
import { Component as OpenLocationPage } from '@/features/system/pages/open-location-page';
import { Component as TelegramPage } from '@/features/system/pages/telegram-page';
import { activateLanguage } from '@/i18n/i18n';
import { DEFAULT_CONFIG, type AppConfig } from '@/lib/config';
import { chosenLocationCode } from '@/lib/location';
import { ROUTES } from '@/lib/routes';
import { clearSession } from '@/lib/session';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

const config: AppConfig = {
  ...DEFAULT_CONFIG,
  locations: [
    {
      code: 'VN',
      name: 'Việt Nam',
      picture: 'flags/vn.svg',
      currency: 'VND',
      dialling_code: '+84',
      phone_pattern: '^0?[35789]\\d{8}$',
    },
    {
      code: 'IN',
      name: 'India',
      picture: 'flags/in.svg',
      currency: 'INR',
      dialling_code: '+91',
      phone_pattern: '^[6-9]\\d{9}$',
    },
  ],
  agreements: [
    {
      key: 'privacy_policy',
      titles: {},
      url: '#/pages/jogos/about-us?page=privacy-policy',
      version: '1',
    },
    {
      key: 'user_agreement',
      titles: {},
      url: '#/pages/jogos/about-us?page=user-agreement',
      version: '2',
    },
  ],
  frame_allow: ['https://games.example.com'],
};

const support = {
  support_url: '',
  telegram_url: 'https://t.me/fairhall',
  links: [
    { channel: 'telegram', label: '', url: 'https://t.me/fairhall' },
    { channel: 'telegram', label: '@fairhall_vip', url: 'https://t.me/fairhall_vip' },
    { channel: 'web', label: 'Chat', url: 'https://help.example.com' },
  ],
  hours: '09:00-21:00',
  timezone: 'Asia/Ho_Chi_Minh',
  open_now: true,
};

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

function serve(statuses: unknown[] = []) {
  return mockFetch((call) => {
    if (call.url.startsWith('api/index/config')) return jsonResponse(envelope(config));
    if (call.url.startsWith('api/customer/index')) return jsonResponse(envelope(support));
    if (call.url.startsWith('api/agreements/accept'))
      return jsonResponse(
        envelope(statuses.map((status) => ({ ...(status as object), accepted: true }))),
      );
    if (call.url.startsWith('api/agreements/index')) return jsonResponse(envelope(statuses));
    return jsonResponse(envelope(null));
  });
}

const locationPages: [string, ComponentType][] = [
  [ROUTES.chooseLocation, ChooseLocationPage],
  [ROUTES.openLocation, OpenLocationPage],
  [ROUTES.register, () => <p>register page</p>],
];

describe('choose-location and open-location', () => {
  it('lists each location with its flag, dialling code and currency', async () => {
    serve();
    renderPages(locationPages, ROUTES.chooseLocation);

    const vietnam = await screen.findByRole('link', { name: /Việt Nam/ });
    expect(within(vietnam).getByRole('img', { name: 'Flag of Việt Nam' })).toHaveAttribute(
      'src',
      'flags/vn.svg',
    );
    expect(vietnam).toHaveTextContent('+84 · VND');
    expect(vietnam).toHaveAttribute('href', '/pages/system/open-location?code=VN');
  });

  it('confirms a location, keeps it on the device and goes on to registration', async () => {
    serve();
    renderPages(locationPages, ROUTES.chooseLocation);

    await userEvent.click(await screen.findByRole('link', { name: /India/ }));
    expect(await screen.findByText('+91')).toBeInTheDocument();
    expect(screen.getByText('INR')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));

    expect(await screen.findByText('register page')).toBeInTheDocument();
    expect(chosenLocationCode()).toBe('IN');
  });

  it('says so for a code that is not offered', async () => {
    serve();
    renderPages(locationPages, `${ROUTES.openLocation}?code=XX`);
    expect(await screen.findByText('Location not found')).toBeInTheDocument();
  });
});

describe('framebox', () => {
  it('frames an address on the allow-list under a header with a back button', async () => {
    serve();
    const url = encodeURIComponent('https://games.example.com/lobby?x=1');
    renderPages([[ROUTES.framebox, FrameboxPage]], `${ROUTES.framebox}?url=${url}&title=Lobby`);

    const frame = await screen.findByTitle('Lobby');
    expect(frame).toHaveAttribute('src', 'https://games.example.com/lobby?x=1');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('refuses any other address', async () => {
    serve();
    for (const address of [
      'https://evil.example.com/',
      'https://games.example.com.evil.test/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const query = `?url=${encodeURIComponent(address)}`;
      renderPages([[ROUTES.framebox, FrameboxPage]], `${ROUTES.framebox}${query}`);
      expect(await screen.findByText('This page cannot be shown')).toBeInTheDocument();
      expect(document.querySelector('iframe')).toBeNull();
      cleanup();
    }
  });
});

describe('telegram', () => {
  it('lists the Telegram links with their labels and the hours', async () => {
    serve();
    renderPages([[ROUTES.telegram, TelegramPage]], ROUTES.telegram);

    expect(await screen.findByRole('link', { name: /Telegram customer service/ })).toHaveAttribute(
      'href',
      'https://t.me/fairhall',
    );
    expect(screen.getByRole('link', { name: /@fairhall_vip/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /Chat/ })).not.toBeInTheDocument();
    expect(screen.getByText('Open now')).toBeInTheDocument();
    expect(screen.getByText(/09:00-21:00/)).toBeInTheDocument();
  });
});

describe('agreement gate', () => {
  const statuses = [
    { key: 'privacy_policy', version: '1', accepted: true, accepted_version: '1', accepted_at: 1 },
    { key: 'user_agreement', version: '2', accepted: false, accepted_version: '1', accepted_at: 1 },
  ];

  it('asks to accept a raised version and records the acceptance', async () => {
    const { calls } = serve(statuses);
    renderPages([['/', AgreementGate]], '/');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'User Services Agreement' })).toHaveAttribute(
      'href',
      '#/pages/jogos/about-us?page=user-agreement',
    );
    expect(within(dialog).queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const accepted = calls.find((call) => call.url === 'api/agreements/accept');
    expect(accepted?.body).toEqual({ key: 'user_agreement', version: '2' });
  });
});
