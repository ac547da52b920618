// Global teardown: the servers' logs (written by the webServer commands of playwright.config.ts
// to target/test-logs/) must hold none of the secrets the specs typed or the sessions they held.
// A line with a password, a card number or a session token fails the run.
import { existsSync, readFileSync } from 'node:fs';
import { NEVER_LOGGED, SERVER_LOGS } from './server-log';

/**
 * A session token's shape (src/auth: 32 random bytes, hex). Nothing else the server logs is
 * 64 hex digits today; should a line ever carry one that is not a token (a chain commitment, a
 * hash), the check names it and the line can be reviewed.
 */
const TOKEN_SHAPE = /\b[0-9a-f]{64}\b/;

export default function scanServerLogs(): void {
  const leaks: string[] = [];
  for (const file of SERVER_LOGS) {
    if (!existsSync(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const secret = NEVER_LOGGED.find((value) => line.includes(value));
        if (secret !== undefined)
          leaks.push(`${file}:${index + 1}: ${JSON.stringify(secret)} in ${line}`);
        else if (TOKEN_SHAPE.test(line)) leaks.push(`${file}:${index + 1}: a token in ${line}`);
      });
  }
  if (leaks.length > 0) {
    throw new Error(`the server log holds secrets:\n${leaks.join('\n')}`);
  }
}
