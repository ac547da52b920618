// The product categories as scrolling tabs, each with its picture if it has one (WAI-ARIA tabs
// keys: arrows, Home and End move and select).
import { useRef, type KeyboardEvent } from 'react';
import chips from '@/components/chips.module.css';
import type { ProductCategory } from '@/features/finance/api/products';
import styles from '@/features/finance/parts/goods.module.css';
import { mediaUrl } from '@/lib/api';

type Props = {
  label: string;
  /** The first tab, of every category (its value is ''). */
  allLabel: string;
  categories: readonly ProductCategory[];
  value: string;
  onChange: (code: string) => void;
};

export function CategoryTabs({ label, allLabel, categories, value, onChange }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const tabs = [{ code: '', name: allLabel, picture: null }, ...categories];
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.code === value);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onChange(tab.code);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} className={chips.chips} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.code === value;
        return (
          <button
            key={tab.code}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={chips.chip}
            onClick={() => !selected && onChange(tab.code)}
          >
            {tab.picture === null || tab.picture === '' ? null : (
              <img
                className={styles.categoryPicture}
                src={mediaUrl(tab.picture)}
                alt=""
                width={20}
                height={20}
              />
            )}
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
