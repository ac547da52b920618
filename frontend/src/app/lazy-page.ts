// Lazy route modules with the spec's page-load time-out. Each page module exports `Component`.
import type { ComponentType } from 'react';

export const PAGE_TIMEOUT_MS = 60_000;

export class PageTimeoutError extends Error {
  constructor() {
    super('page load timed out');
    this.name = 'PageTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number = PAGE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type PageModule = { Component: ComponentType };

/** A route `lazy` function: loads the page chunk, failing after 60 s. */
export const lazyPage = (load: () => Promise<PageModule>) => async (): Promise<PageModule> => {
  const module = await withTimeout(load());
  return { Component: module.Component };
};
