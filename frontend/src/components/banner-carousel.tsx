// The home page's banners (api/index/index `banners`, api/banner/index): one picture at a time,
// moving on every few seconds. Accessible: it stops while the pointer is over it or focus is
// inside, has a pause button, never moves by itself with prefers-reduced-motion, and every
// banner with a link is a real link. The box has a fixed aspect ratio so nothing shifts while a
// picture loads; the first picture loads eagerly (it is the home page's largest paint), the
// others lazily.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '@/components/banner-carousel.module.css';
import { useI18n } from '@/i18n/i18n';

/** A banner as the server gives it: its title is the picture's text; `link` an app route or an
 * https URL. */
export type Banner = { id: number; title: string; picture: string; link: string | null };

/** How long each banner shows before the next. */
export const BANNER_INTERVAL_MS = 5000;

const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(reducedMotion);
  const count = banners.length;
  const moving = count > 1 && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!moving) return undefined;
    const timer = window.setInterval(
      () => setCurrent((index) => (index + 1) % count),
      BANNER_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [moving, count]);

  if (count === 0) return null;
  const shown = Math.min(current, count - 1);
  return (
    <section
      className={styles.carousel}
      aria-roledescription={t('content_carousel')}
      aria-label={t('content_banners')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-testid="banner-carousel"
    >
      <div className={styles.track} style={{ transform: `translateX(-${shown * 100}%)` }}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            className={styles.slide}
            role="group"
            aria-roledescription={t('content_slide')}
            aria-label={t('content_slide_of', { index: index + 1, count })}
            aria-hidden={index !== shown}
            inert={index !== shown}
          >
            <Linked link={banner.link}>
              <img
                className={styles.picture}
                src={banner.picture}
                alt={banner.title}
                width={750}
                height={300}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
            </Linked>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.pause}
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? t('content_play') : t('content_pause')}
            data-testid="banner-pause"
          >
            <span aria-hidden className={stopped ? styles.playMark : styles.pauseMark} />
          </button>
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className={styles.dot}
              aria-label={t('content_show_slide', { index: index + 1 })}
              aria-current={index === shown}
              onClick={() => setCurrent(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** An app route as an in-app link, an https URL as a link to a new tab, else no link. */
function Linked({ link, children }: { link: string | null; children: ReactNode }) {
  if (link === null) return <div className={styles.link}>{children}</div>;
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={styles.link}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className={styles.link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
