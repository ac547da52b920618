// The servers' logs of the end-to-end run and the secrets they must never hold (read by
// playwright.config.ts and by the global teardown, e2e/log-scan.ts).
import { resolve } from 'node:path';

/** Where the webServer commands of playwright.config.ts write each server's log. */
export const SERVER_LOGS = ['server.log', 'server-clock.log'].map((name) =>
  resolve(import.meta.dirname, '../../target/test-logs', name),
);

/**
 * The passwords, fund password and card numbers the specs type: the teardown fails the run
 * when a server log holds one. A spec that types a new secret adds it here.
 */
export const NEVER_LOGGED = [
  'secret12',
  'secret13',
  'oldpass1',
  'newpass2',
  'wrong-password',
  '246810',
  '6222021234567890',
  '6222 0212 3456 7890',
];
