// The home banners: real links, the first picture eager and the rest lazy, moving on by itself
// only while nobody points at it or focuses inside it, and never with prefers-reduced-motion.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, BannerCarousel, type Banner } from '@/components/banner-carousel';
import { activateLanguage } from '@/i18n/i18n';

const BANNERS: Banner[] = [
  { id: 1, title: 'VIP week', picture: 'media/content/a.png', link: '/pages/vip/index' },
  { id: 2, title: 'Telegram', picture: 'media/content/b.png', link: 'https://t.me/hall' },
  { id: 3, title: 'Plain', picture: 'media/content/c.png', link: null },
];

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  }));
}

function renderCarousel(banners: Banner[] = BANNERS) {
  const router = createMemoryRouter(
    [{ path: '/', element: <BannerCarousel banners={banners} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

/** The index of the slide shown (the one not hidden from assistive technology). */
const shownSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');

beforeAll(async () => {
  await activateLanguage('en');
});

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('banner carousel', () => {
  it('links each banner for real and loads only the first picture eagerly', () => {
    motion(false);
    renderCarousel();
    const pictures = screen.getAllByRole('img', { hidden: true });
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([
      'VIP week',
      'Telegram',
      'Plain',
    ]);
    for (const picture of pictures) {
      expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual([
        '750',
        '300',
      ]);
    }
    expect(screen.getByRole('link', { name: 'VIP week' })).toHaveAttribute(
      'href',
      '/pages/vip/index',
    );
    const external = screen.getByRole('link', { name: 'Telegram', hidden: true });
    expect(external).toHaveAttribute('href', 'https://t.me/hall');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Plain', hidden: true })).toBeNull();
  });

  it('moves on by itself, and stops while pointed at, focused or paused', () => {
    motion(false);
    renderCarousel();
    expect(shownSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(1);

    const carousel = screen.getByTestId('banner-carousel');
    fireEvent.pointerEnter(carousel);
    act(() => vi.advanceTimersByTime(3 * BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(1);
    fireEvent.pointerLeave(carousel);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(2);

    const dots = screen.getAllByRole('button', { name: /Show banner/ });
    act(() => dots[0]!.focus());
    act(() => vi.advanceTimersByTime(3 * BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(2);
    fireEvent.click(dots[0]!);
    expect(shownSlide()).toBe(0);
    act(() => dots[0]!.blur());

    fireEvent.click(screen.getByRole('button', { name: 'Pause the banners' }));
    act(() => vi.advanceTimersByTime(3 * BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play the banners' }));
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(1);
  });

  it('never moves by itself with prefers-reduced-motion', () => {
    motion(true);
    renderCarousel();
    act(() => vi.advanceTimersByTime(5 * BANNER_INTERVAL_MS));
    expect(shownSlide()).toBe(0);
    expect(screen.getByRole('button', { name: 'Play the banners' })).toBeInTheDocument();
  });

  it('shows one banner without controls', () => {
    motion(false);
    renderCarousel(BANNERS.slice(0, 1));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'VIP week' })).toBeInTheDocument();
  });

  it('shows nothing without banners', () => {
    motion(false);
    renderCarousel([]);
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });
});
