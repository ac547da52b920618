// The scrolling announcement line: a labelled region whose titles open their messages, still
// with reduced motion (checked in the stylesheet, which jsdom does not apply), and nothing at
// all without announcements.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementTicker, type Announcement } from '@/components/announcement-ticker';
import { activateLanguage } from '@/i18n/i18n';

const announcement = (id: number, title: string): Announcement => ({
  id,
  title,
  body: `${title}: details.`,
  pinned: false,
  at: 1_750_000_000,
});

function renderTicker(announcements: Announcement[]) {
  const router = createMemoryRouter(
    [{ path: '/', element: <AnnouncementTicker announcements={announcements} /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

beforeAll(async () => {
  await activateLanguage('en');
});

describe('announcement ticker', () => {
  it('links each announcement to its message in a labelled region', () => {
    renderTicker([announcement(3, 'Maintenance tonight'), announcement(5, 'New room')]);

    const region = screen.getByRole('region', { name: 'Announcements' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Maintenance tonight', 'New room']);
    expect(links[0]).toHaveAttribute('href', '/pages/jogos/notice?kind=announcement&id=3');
    expect(links[1]).toHaveAttribute('href', '/pages/jogos/notice?kind=announcement&id=5');
  });

  it('shows nothing without announcements', () => {
    const { container } = renderTicker([]);
    expect(container).toBeEmptyDOMElement();
  });

  it('stands still with reduced motion and pauses when pointed at or focused', () => {
    const css = readFileSync(
      resolve(import.meta.dirname, 'announcement-ticker.module.css'),
      'utf8',
    );
    const reduced = /@media \(prefers-reduced-motion: reduce\) \{([\s\S]*)\}\s*$/.exec(css)?.[1];
    expect(reduced).toMatch(/\.track \{\s*animation: none;/);
    expect(css).toMatch(/\.window:focus-within \.track \{\s*animation-play-state: paused;/);
  });
});
