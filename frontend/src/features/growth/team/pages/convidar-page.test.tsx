// The invite page: the code, the link built on this app's origin, copy buttons, the QR code.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { player, renderAt, team } from '@/features/growth/team/test-render';
import { activateLanguage } from '@/i18n/i18n';
import { clearSession, startSession } from '@/lib/session';
import { routeFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => {
  routeFetch({ 'api/personal/index': () => player, 'api/team/index': () => team });
  startSession('tok', player);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('invite', () => {
  it('shows the code, the link to the register page with it, and its QR code', async () => {
    renderAt('/pages/convidar/index');
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('AB12CD');
    const link = `${window.location.origin}/#/pages/login/reg?code=AB12CD`;
    expect(screen.getByTestId('invite-link')).toHaveTextContent(link);
    expect(screen.getByRole('img', { name: 'QR code of the invitation link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a Partner' })).toBeInTheDocument();
  });

  it('copies the code and the link', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/pages/convidar/index');
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenNthCalledWith(1, 'AB12CD');
    expect(writeText).toHaveBeenNthCalledWith(
      2,
      `${window.location.origin}/#/pages/login/reg?code=AB12CD`,
    );
    expect(await screen.findAllByText('Copied')).not.toHaveLength(0);
  });
});
