// Shared helpers of the end-to-end specs.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

type Messages = Record<string, string>;

/** The texts of one locale, so specs find elements the way a player reads them. */
export function locale(code: string): Messages {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, '../src/i18n/locales', `${code}.json`), 'utf8')) as Messages;
}

/** A fresh phone number matching the default pattern `^1\d{10}$`. */
export function randomPhone(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export function randomLoginName(): string {
  return `p${randomInt(0, 2 ** 31).toString(36)}${randomInt(0, 2 ** 31).toString(36)}`.slice(0, 16);
}

/** The masked form the server shows, e.g. 138****5678. */
export const maskPhone = (phone: string): string => `${phone.slice(0, 3)}****${phone.slice(7)}`;

type Envelope<T> = { code: number; msg: string; err?: string; data: T };

/** Registers a player through the API (for specs whose subject is not registration). */
export async function registerViaApi(request: APIRequestContext, phone: string, password: string, username?: string): Promise<void> {
  const response = await request.post('api/login/do_register', {
    data: { phone, password, repassword: password, invite_code: '', code: '', ...(username === undefined ? {} : { username }) },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as Envelope<{ token: string }>;
  expect(body, `register ${phone}: ${body.msg}`).toMatchObject({ code: 1 });
}

/**
 * Buttons ignore a second tap within 500 ms (components/button.tsx). A spec that taps the same
 * button again right after the first answer waits as long as a person would have.
 */
export const pastButtonThrottle = (page: Page): Promise<void> => page.waitForTimeout(600);

/** Logs in through the login form and waits for the home page. */
export async function logInViaUi(page: Page, account: string, password: string, texts: Messages): Promise<void> {
  await page.goto('./#/pages/login/index');
  await page.getByLabel(texts.field_account!, { exact: true }).fill(account);
  await page.getByLabel(texts.field_password!, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.login_submit, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index$/);
  await expect(page.getByText(texts.login_success!, { exact: true })).toBeVisible();
}

/** Runs `fairhall --config <the e2e config> admin ...` against the server's database. */
export function admin(...args: string[]): string {
  const bin = process.env.FAIRHALL_BIN;
  const config = process.env.E2E_CONFIG;
  if (bin === undefined || config === undefined) throw new Error('FAIRHALL_BIN and E2E_CONFIG are set by playwright.config.ts');
  return execFileSync(bin, ['--config', config, 'admin', ...args], { encoding: 'utf8' });
}

/** Verification codes the server "sent" (log delivery), newest first, via `fairhall admin codes`. */
export function sentCodes(): { target: string; purpose: string; code: string }[] {
  const out = admin('codes');
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 3 && /^\d{6}$/.test(fields[2] ?? ''))
    .map(([target = '', purpose = '', code = '']) => ({ target, purpose, code }));
}

/** Waits until a code for `target` and `purpose` shows up in `admin codes`. */
export async function codeFor(target: string, purpose: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = sentCodes().find((entry) => entry.target === target && entry.purpose === purpose)?.code;
        return found;
      },
      { timeout: 10_000, message: `a ${purpose} code for ${target} in "fairhall admin codes"` },
    )
    .toMatch(/^\d{6}$/);
  return found ?? '';
}
