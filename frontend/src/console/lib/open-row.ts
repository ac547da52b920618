// A table row that opens its record when clicked anywhere: a click on the row's own link is
// left to the link, since a second navigation would push the page twice and make Back stay.
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

export const openRow = (navigate: NavigateFunction, path: string) => (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest('a') !== null) return;
  void navigate(path);
};
