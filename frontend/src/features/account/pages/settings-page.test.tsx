// The settings screen shows the app version the server reports (the binary's own).
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component as SettingsPage } from '@/features/account/pages/settings-page';
import { activateLanguage } from '@/i18n/i18n';
import { ROUTES } from '@/lib/routes';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch } from '@/test/helpers';
import { renderPages } from '@/test/render-pages';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('settings', () => {
  it('shows the app version of the config reply', async () => {
    startSession('tok', { id: 3, nickname: 'Ann' });
    routeFetch({
      'api/index/config': () => ({ version: '3.1.0', server_version: '3.1.0' }),
      'api/personal/index': () => ({ id: 3, nickname: 'Ann' }),
    });
    renderPages([[ROUTES.settings, SettingsPage]], ROUTES.settings);

    expect(await screen.findByTestId('app-version')).toHaveTextContent('App version 3.1.0');
  });
});
