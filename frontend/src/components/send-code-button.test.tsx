import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from '@/components/send-code-button';
import { activateLanguage } from '@/i18n/i18n';
import { envelope, jsonResponse, mockFetch } from '@/test/helpers';

beforeAll(async () => {
  await activateLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderButton(target: () => string | null) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendCodeButton purpose="forget" target={target} resendSecs={60} />
    </QueryClientProvider>,
  );
}

describe('SendCodeButton', () => {
  it('sends a code and counts down 60 s before a resend', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch(() => jsonResponse(envelope({ resend_after: 60 })));
    renderButton(() => '13800138000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    // Let the request settle without letting the clock run.
    for (
      let turn = 0;
      turn < 20 && screen.queryByRole('button', { name: 'Send code' }) !== null;
      turn += 1
    ) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    const counting = screen.getByRole('button', { name: 'Resend in 60 seconds' });
    expect(counting).toBeDisabled();
    expect(calls[0]).toMatchObject({
      url: 'index/send_email_mobile',
      body: { target: '13800138000', purpose: 'forget' },
    });
    // One tick a second, as the browser would render them.
    for (let second = 0; second < 59; second += 1)
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: 'Resend in 1 second' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('sends nothing while the phone is invalid', () => {
    const { fetchMock } = mockFetch(() => jsonResponse(envelope(null)));
    renderButton(() => null);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
