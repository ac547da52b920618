import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { UnreadBadge } from '@/components/unread-badge';
import { activateLanguage } from '@/i18n/i18n';

beforeAll(async () => {
  await activateLanguage('en');
});

describe('unread badge', () => {
  it('shows the count, and says it in words to screen readers', () => {
    render(<UnreadBadge count={3} />);
    const badge = screen.getByTestId('unread-badge');
    expect(badge).toHaveTextContent('3');
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
  });

  it('caps the count it shows at 99+', () => {
    render(<UnreadBadge count={120} />);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+');
    expect(screen.getByText('120 unread messages')).toBeInTheDocument();
  });

  it('shows nothing while nothing is unread or the count is loading', () => {
    const { container, rerender } = render(<UnreadBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<UnreadBadge count={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
