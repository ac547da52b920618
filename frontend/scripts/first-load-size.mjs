// Measures the first load: index.html plus the JS and CSS it references (entry script,
// modulepreloads, stylesheets), gzip-compressed. Fails when over the budget.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120_000; // 120 kB (1 kB = 1000 bytes, as Vite and Lighthouse count)
const dist = resolve(import.meta.dirname, '../dist');
const html = readFileSync(join(dist, 'index.html'));
const refs = [
  ...html
    .toString()
    .matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="(\.\/assets\/[^"]+\.(?:js|css))"/g),
].map((m) => m[1]);

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const rows = [
  ['index.html', gz(html)],
  ...refs.map((ref) => [ref.slice(2), gz(readFileSync(join(dist, ref)))]),
];
const total = rows.reduce((sum, [, size]) => sum + size, 0);

for (const [name, size] of rows) console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${name}`);
console.log(
  `${(total / 1000).toFixed(2).padStart(8)} kB  first load, gzip (budget ${BUDGET_BYTES / 1000} kB)`,
);
if (total > BUDGET_BYTES) {
  console.error('first load is over budget');
  process.exit(1);
}
