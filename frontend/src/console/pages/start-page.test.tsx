import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession } from '@/console/lib/session';
import { anAuditPage, aSession } from '@/console/test/fixtures';
import { renderConsole } from '@/console/test/render-console';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

describe('start page', () => {
  it('opens the first screen the staff member may use: the audit log for an auditor', async () => {
    mockFetch((call) =>
      call.url.startsWith('/admin/api/audit')
        ? jsonResponse(envelope(anAuditPage()))
        : jsonResponse(envelope({ deposits: null, withdrawals: null })),
    );
    renderConsole('/', aSession({ role: 'auditor', permissions: ['audit:log:read'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  });

  it('welcomes a member whose role opens no screen yet', async () => {
    mockFetch(() => jsonResponse(envelope({ deposits: null, withdrawals: null })));
    renderConsole('/', aSession({ name: 'mai', role: 'content', permissions: ['content:*:*'] }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('mai');
  });
});
