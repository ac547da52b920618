// The console and the player app are two bundles: the console (src/console, admin/index.html)
// uses the shared components and libraries but never a player screen, the player's app shell,
// its texts or its API client (which speak to the player API with the player's session); and
// no player code imports the console. Followed through every module the console loads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');
const consoleDir = join(src, 'console');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Modules a file loads at run time (`import type` is left out: it is gone from the bundle). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
    ),
    ...text.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/import\.meta\.glob[^(]*\(\s*['"]([^'"]+)['"]/g),
  ].map((match) => match[1] ?? '');
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('@/')) return [join(src, specifier.slice(2))];
    if (specifier.startsWith('.')) return [resolve(dirname(file), specifier)];
    return [];
  });
}

/** The file a module path names (with its extension), or null for globs and styles. */
function fileOf(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile())
      return /\.(ts|tsx)$/.test(candidate) ? candidate : null;
  return null;
}

/** Every module under src the console's entry reaches, and the paths it names. */
function reachedFromConsole(): Set<string> {
  const seen = new Set<string>();
  const queue = [join(consoleDir, 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const target of runtimeImports(file)) {
      seen.add(target);
      const next = fileOf(target);
      if (next !== null && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const FORBIDDEN = [
  'features/',
  'app/',
  'main.tsx',
  'i18n/i18n',
  'i18n/locales',
  'lib/api',
  'lib/session',
  'hooks/',
];

describe('console architecture', () => {
  it('loads no player screen, app shell, texts, API client or session', () => {
    const reached = [...reachedFromConsole()]
      .map((path) => relative(src, path))
      .filter((path) => !path.startsWith('console/'));
    expect(reached.length).toBeGreaterThan(3);
    expect(reached.filter((path) => FORBIDDEN.some((prefix) => path.startsWith(prefix)))).toEqual(
      [],
    );
  });

  it('is imported by no player code', () => {
    const importers = sourceFiles(src)
      .filter((file) => !file.startsWith(consoleDir))
      .filter((file) => runtimeImports(file).some((target) => target.startsWith(consoleDir)))
      .map((file) => relative(src, file));
    expect(importers).toEqual([]);
  });
});
