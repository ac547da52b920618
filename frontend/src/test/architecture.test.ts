// Layering (STYLE.md section 8): app -> features -> components, hooks, lib, i18n.
// Features never import each other; shared code never imports a feature or the app. Inside the
// one game feature, each game's folder uses only itself and the folders its games share.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and re-exports), resolved to a path under src. */
function importsOf(file: string, text: string = readFileSync(file, 'utf8')): string[] {
  const specifiers = [
    ...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g),
  ].map((match) => match[1] ?? '');
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('@/')) return [join(src, specifier.slice(2))];
    if (specifier.startsWith('.')) return [resolve(dirname(file), specifier)];
    return [];
  });
}

/** "features/auth", "app", "lib", ... for a path under src. */
function areaOf(path: string): string {
  const parts = relative(src, path).split(sep);
  return parts[0] === 'features' ? `features/${parts[1] ?? ''}` : (parts[0] ?? '');
}

const files = sourceFiles(src);
const SHARED = new Set(['components', 'hooks', 'lib', 'i18n', 'styles']);
/** The folders of features/games that every game may use: api, live room, labels and parts, bet slip. */
const GAMES_SHARED = new Set(['api', 'live', 'parts', 'slip']);

/** "quick", "api", ... for a path under features/games, else null. */
function gameFolderOf(path: string): string | null {
  const parts = relative(src, path).split(sep);
  return parts[0] === 'features' && parts[1] === 'games' ? (parts[2] ?? null) : null;
}

/** Imports inside features/games of a game folder other than the importer's own (shared folders included). */
function gameViolations(file: string, text?: string): string[] {
  const from = gameFolderOf(file);
  if (from === null) return [];
  return importsOf(file, text).flatMap((target) => {
    const to = gameFolderOf(target);
    if (to === null || to === from || GAMES_SHARED.has(to)) return [];
    return [`${relative(src, file)} -> ${relative(src, target)}`];
  });
}

describe('architecture', () => {
  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((file) => areaOf(file).startsWith('features/'))).toBe(true);
  });

  it('features never import another feature or the app', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = areaOf(file);
      if (!from.startsWith('features/')) continue;
      for (const target of importsOf(file)) {
        const to = areaOf(target);
        if ((to.startsWith('features/') && to !== from) || to === 'app')
          violations.push(`${relative(src, file)} -> ${relative(src, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('shared code never imports a feature or the app', () => {
    const violations: string[] = [];
    for (const file of files) {
      if (!SHARED.has(areaOf(file))) continue;
      for (const target of importsOf(file)) {
        const to = areaOf(target);
        if (to.startsWith('features/') || to === 'app')
          violations.push(`${relative(src, file)} -> ${relative(src, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('a game uses only its own folder and the shared ones of features/games', () => {
    expect(files.flatMap((file) => gameViolations(file))).toEqual([]);
  });

  it('the games check catches one game importing another, or the slip importing a game', () => {
    const yn28 = join(src, 'features', 'games', 'yn28', 'pages', 'fake.tsx');
    const slip = join(src, 'features', 'games', 'slip', 'fake.tsx');
    const fine =
      "import { usePlaceBet } from '@/features/games/api/betting';\nimport { tagLabel } from '@/features/games/yn28/model';";
    expect(gameViolations(yn28, fine)).toEqual([]);
    expect(
      gameViolations(yn28, "import { optionLabel } from '@/features/games/quick/options';"),
    ).toEqual(['features/games/yn28/pages/fake.tsx -> features/games/quick/options']);
    expect(gameViolations(slip, "import { tagLabel } from '../yn28/model';")).toEqual([
      'features/games/slip/fake.tsx -> features/games/yn28/model',
    ]);
  });

  it('the import scanner sees every kind of cross-feature import', () => {
    // Guards the guard: a fabricated home file importing the mine feature three ways.
    const fake = join(src, 'features', 'home', 'pages', 'fake.tsx');
    const text = [
      "import { logOut } from '@/features/mine/api/logout';",
      "const page = import('../../mine/pages/mine-page');",
      "export { copyText } from '@/features/mine/parts/copy-text';",
      "import '@/styles/global.css';",
    ].join('\n');
    expect(importsOf(fake, text).map(areaOf)).toEqual([
      'features/mine',
      'features/mine',
      'features/mine',
      'styles',
    ]);
  });
});
