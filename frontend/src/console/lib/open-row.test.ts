import type { MouseEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openRow } from '@/console/lib/open-row';

const clickOn = (target: Element) => ({ target }) as unknown as MouseEvent;

describe('openRow', () => {
  it('opens the record from a click anywhere on the row', () => {
    const navigate = vi.fn();
    const cell = document.createElement('td');
    openRow(navigate, '/deposits/7')(clickOn(cell));
    expect(navigate).toHaveBeenCalledWith('/deposits/7');
  });

  it('leaves a click on the row link to the link, so Back is one step', () => {
    const navigate = vi.fn();
    const link = document.createElement('a');
    const inner = document.createElement('span');
    link.append(inner);
    openRow(navigate, '/deposits/7')(clickOn(inner));
    expect(navigate).not.toHaveBeenCalled();
  });
});
