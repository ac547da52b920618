import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '@/console/app/query-client';
import { activateLanguage } from '@/console/i18n/i18n';
import { resetSession, sessionStarted } from '@/console/lib/session';
import { EnrolmentPanel } from '@/console/parts/enrolment-panel';
import { anEnrolment, aSession } from '@/console/test/fixtures';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  resetSession();
  vi.unstubAllGlobals();
});

function renderPanel(onHide = vi.fn()) {
  sessionStarted(aSession({ permissions: ['staff:member:manage'] }));
  render(
    <QueryClientProvider client={createConsoleQueryClient()}>
      <EnrolmentPanel enrolment={anEnrolment()} name="mai_support" onHide={onHide} />
    </QueryClientProvider>,
  );
  return onHide;
}

const refuse = (msg: string, err: string) => jsonResponse({ code: 0, msg, err, data: null });

describe('enrolment panel', () => {
  it('asks for 6 digits before it sends anything', async () => {
    const { calls } = mockFetch(() => jsonResponse(envelope({})));
    renderPanel();
    await userEvent.type(screen.getByLabelText(/^First code/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Enter the 6 digits the authenticator app shows.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['invalid_code', 'This code is wrong or expired: enter the code the app shows now.'],
    ['code_reused', "This code was already used: wait for the app's next code."],
    ['already_enrolled', 'This second factor is already confirmed: nothing left to do.'],
  ])('words the refusal %s for staff', async (err, words) => {
    mockFetch(() => refuse('Mã xác minh không hợp lệ', err));
    renderPanel();
    await userEvent.type(screen.getByLabelText(/^First code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    // Still there to try again.
    expect(screen.getByText(/Shown only this once/)).toBeVisible();
  });

  it('copies the 10 recovery codes at once and hides only when asked', async () => {
    mockFetch(() => jsonResponse(envelope({})));
    const user = userEvent.setup();
    const onHide = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Copy the 10 codes' }));
    expect(await screen.findByText(/^(Copied\.|Could not copy)/)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(onHide).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done, hide it' }));
    expect(onHide).toHaveBeenCalledOnce();
  });
});
