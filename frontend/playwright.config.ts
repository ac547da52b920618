// End-to-end tests against the real `fairhall serve` (embedded assets, MIME types, compression
// and the API), driven by Debian's chromium.
//
// Two servers, two projects. Every spec but e2e/clock/ talks to FAIRHALL_BIN (the installed
// release binary in scripts/test). The specs of e2e/clock/ talk to their own server, run from
// FAIRHALL_CLOCK_BIN: a debug binary built with the cargo feature `test-clock`, whose clock is
// the system time plus the seconds in E2E_CLOCK_FILE (`advanceClock` in e2e/support.ts raises
// them). Without FAIRHALL_CLOCK_BIN the clock project is left out, with a note.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_LOGS } from './e2e/server-log';

// Workers load this file again: the first load picks the port and data dir and hands them on
// through the environment, so every process talks to the same server.
const bin = resolve(import.meta.dirname, process.env.FAIRHALL_BIN ?? '../target/debug/fairhall');
process.env.FAIRHALL_BIN = bin;

function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});",
  ])
    .toString()
    .trim();
}

// The operator's USDT receiving address the wallet spec expects (TRC20: "T" + 33 base58).
process.env.E2E_USDT_ADDRESS ??= 'TXk3Zb9aQqM1Yx8sW2vRn4pLh6dGf7tC5e';
process.env.E2E_BANK_NUMBER ??= '0071000123456';

process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'fairhall-e2e-'));
const port = process.env.E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Writes the servers' config into `dir` (its data dir): the embedded defaults except what the
 * wallet spec needs, no turnover requirement (a deposit or bonus can be withdrawn at once), a
 * bank and a USDT receiving account, and room for every spec's registrations from one address. The deposit
 * programmes start at 1000.00, above every deposit the other specs make, so their balances stay
 * exactly what they deposit; the bonus pages still show tiers.
 */
function writeConfig(dir: string): string {
  const file = join(dir, 'e2e-config.toml');
  writeFileSync(
    file,
    [
      '[server]',
      `data_dir = ${JSON.stringify(dir)}`,
      '',
      // Every spec registers its players from 127.0.0.1: more than the default 20 an hour.
      '[auth]',
      'registrations_per_address_hour = 1000',
      '',
      // The system spec: pages/framebox shows this origin and refuses others.
      '[app]',
      'frame_allow = ["https://frames.example.test"]',
      '',
      '[wallet]',
      'turnover_percent = 0',
      // The wallet, tour and protection specs (and their retries) link one card number from
      // several players; the refusal of a shared card is the Rust suite's (payout_accounts).
      'shared_payout_accounts = "flag"',
      // The console spec: a withdrawal above 500.00 is paid on a second reviewer's approval.
      'withdraw_second_approval_above = "500.00"',
      // The console spec: an adjustment above 20000.00 applies on a second staff member's
      // approval (above every credit the other specs make with `admin wallet adjust`).
      'adjust_second_approval_above = "20000.00"',
      '',
      // The wallet spec pays a dong deposit to the bank account and a USDT one to the address.
      '[[wallet.receiving_accounts]]',
      'code = "vcb-main"',
      'method = "bank"',
      'bank = "Vietcombank"',
      'branch = "District 1"',
      'holder = "FAIRHALL LTD"',
      `number = "${process.env.E2E_BANK_NUMBER}"`,
      '',
      '[[wallet.receiving_accounts]]',
      'code = "usdt-trc20"',
      'method = "usdt"',
      'network = "TRC20"',
      `address = "${process.env.E2E_USDT_ADDRESS}"`,
      '',
      // The system spec: a chosen location (Việt Nam) preselects its currency, VND.
      '[[wallet.currencies]]',
      'code = "USDT"',
      'name = "Tether USD"',
      'rate = "1"',
      '',
      '[[wallet.currencies]]',
      'code = "VND"',
      'name = "Đồng"',
      'rate = "25000"',
      '',
      // The clock specs move the clock up to two days at once (yuebao: past the day after
      // tomorrow); the money jobs' pause after a longer step is the Rust suite's (money_clock).
      '[ledger]',
      'max_catch_up_secs = 604800',
      '',
      // advanceClock (e2e/support.ts) reads the scheduler's last tick from /metrics.
      '[metrics]',
      'enabled = true',
      '',
      '[growth]',
      'bonus_turnover_percent = 0',
      '',
      '[[growth.first_deposit.tiers]]',
      'min_amount = "1000.00"',
      'rate_bp = 1000',
      'cap = "300.00"',
      '',
      '[[growth.cashback.tiers]]',
      'min_amount = "1000.00"',
      'rate_bp = 100',
      'cap = "50.00"',
      '',
    ].join('\n'),
  );
  return file;
}

if (process.env.E2E_CONFIG === undefined) {
  const configFile = writeConfig(dataDir);
  process.env.E2E_CONFIG = configFile;
  // The hall is created by an explicit first start: admin commands refuse a data dir without one.
  execFileSync(bin, ['--config', configFile, 'migrate'], { stdio: 'pipe' });
  // Short periods for the games spec, set with the operator's CLI before the server starts (a
  // fresh data dir has no seed chains yet, so the first chain gets them): 15 s, betting closes
  // 3 s before the draw.
  for (const room of ['k3', 'rgb1']) {
    execFileSync(
      bin,
      ['--config', configFile, 'admin', 'room', 'update', room, '--period', '15', '--close', '3'],
      { stdio: 'pipe' },
    );
  }
  // The yn28 spec: the usa region's draws every 15 s. A period applies to all four tier rooms of
  // the draw source and is refused while any of them closes 15 s or more before the draw (30 s by
  // default), so the other three rooms get their 3 s close first.
  for (const room of ['usa_vip', 'usa_diamond', 'usa_supreme']) {
    execFileSync(bin, ['--config', configFile, 'admin', 'room', 'update', room, '--close', '3'], {
      stdio: 'pipe',
    });
  }
  execFileSync(
    bin,
    [
      '--config',
      configFile,
      'admin',
      'room',
      'update',
      'usa_ordinary',
      '--period',
      '15',
      '--close',
      '3',
    ],
    { stdio: 'pipe' },
  );
}
const configFile = process.env.E2E_CONFIG;
const baseURL = `http://127.0.0.1:${port}`;

// The clock server: the same config, written the same way, in its own data dir, with the
// offset file (0 s at the start). Its rooms keep their default periods (a minute and more):
// after a jump of days the scheduler draws every period it skipped, so fewer is quicker.
const clockBin =
  process.env.FAIRHALL_CLOCK_BIN === undefined
    ? undefined
    : resolve(import.meta.dirname, process.env.FAIRHALL_CLOCK_BIN);
if (clockBin !== undefined && process.env.E2E_CLOCK_CONFIG === undefined) {
  process.env.FAIRHALL_CLOCK_BIN = clockBin;
  process.env.E2E_CLOCK_PORT = freePort();
  const clockDir = mkdtempSync(join(tmpdir(), 'fairhall-e2e-clock-'));
  process.env.E2E_CLOCK_CONFIG = writeConfig(clockDir);
  process.env.E2E_CLOCK_FILE = join(clockDir, 'test-clock-offset');
  writeFileSync(process.env.E2E_CLOCK_FILE, '0\n');
} else if (clockBin === undefined && process.env.E2E_CLOCK_NOTED === undefined) {
  process.env.E2E_CLOCK_NOTED = '1';
  process.stdout.write(
    'e2e/clock/ left out: FAIRHALL_CLOCK_BIN is not set (a binary built with ' +
      '`cargo build --features test-clock`; scripts/test sets it)\n',
  );
}
const clockURL = `http://127.0.0.1:${process.env.E2E_CLOCK_PORT}`;

// Each server's whole output goes to its file (truncated when the server starts), and the
// global teardown (e2e/log-scan.ts) fails the run if a secret reached it. RUST_LOG=debug logs
// more than an operator would, so more can leak.
const [serverLog, clockServerLog] = SERVER_LOGS as [string, string];
mkdirSync(dirname(serverLog), { recursive: true });
const logged = (command: string, log: string): string => `${command} > "${log}" 2>&1`;
// Matched against the absolute path: only the folder under testDir counts.
const clockSpecs = /[\\/]e2e[\\/]clock[\\/][^\\/]+\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  globalTeardown: './e2e/log-scan.ts',
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/playwright.json' }],
    ['./scripts/playwright-summary-reporter.ts'],
  ],
  outputDir: 'test-results/playwright-artifacts',
  use: {
    ...devices['Pixel 7'],
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The clock specs first: they run one at a time (they share the server's clock, which only
  // moves forward), so started at once they run beside the others instead of alone at the end.
  projects: [
    ...(clockBin === undefined
      ? []
      : [
          {
            name: 'clock',
            testMatch: clockSpecs,
            workers: 1,
            use: { browserName: 'chromium' as const, baseURL: clockURL },
          },
        ]),
    { name: 'pixel-7-chromium', testIgnore: clockSpecs, use: { browserName: 'chromium' } },
  ],
  webServer: [
    {
      name: 'main',
      command: logged(
        `"${bin}" --config "${configFile}" serve --listen 127.0.0.1:${port}`,
        serverLog,
      ),
      env: { RUST_LOG: 'debug' },
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...(clockBin === undefined
      ? []
      : [
          {
            name: 'clock',
            command: logged(
              `"${clockBin}" --config "${process.env.E2E_CLOCK_CONFIG}" serve --listen 127.0.0.1:${process.env.E2E_CLOCK_PORT}`,
              clockServerLog,
            ),
            env: { FAIRHALL_TEST_CLOCK_FILE: process.env.E2E_CLOCK_FILE ?? '', RUST_LOG: 'debug' },
            url: `${clockURL}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]),
  ],
});
