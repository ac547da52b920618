// The audit log's before/after comparison: both snapshots flattened to dotted paths
// (`balances.wallet`, `roles[0]`), one row a path, marked changed, added, removed or the same.
// An empty object or array is a leaf of its own ({} or []), so it is not lost; a null snapshot
// (the target did not exist yet, or no longer) has no paths. Pure: no React, no i18n.

/** A JSON value as the server sends it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Change = 'same' | 'changed' | 'added' | 'removed';

export type DiffRow = {
  path: string;
  /** Absent when the path is only in `after`. */
  before?: Json;
  /** Absent when the path is only in `before`. */
  after?: Json;
  change: Change;
};

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf of `value` by its path, in the order of the value's keys. */
export function flatten(value: Json | undefined, prefix = ''): Map<string, Json> {
  const leaves = new Map<string, Json>();
  const walk = (node: Json, path: string) => {
    if (Array.isArray(node) && node.length > 0) {
      node.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else if (isObject(node) && Object.keys(node).length > 0) {
      for (const [key, item] of Object.entries(node))
        walk(item, path === '' ? key : `${path}.${key}`);
    } else {
      leaves.set(path, node);
    }
  };
  if (value !== undefined && value !== null) walk(value, prefix);
  return leaves;
}

/** The same leaf: equal type and value (a leaf is never a non-empty object or array). */
const sameLeaf = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The rows of every path of `before` and `after`: before's order, then the paths added. */
export function diff(before: Json | undefined, after: Json | undefined): DiffRow[] {
  const old = flatten(before);
  const now = flatten(after);
  const rows: DiffRow[] = [];
  for (const [path, value] of old) {
    if (!now.has(path)) rows.push({ path, before: value, change: 'removed' });
    else {
      const next = now.get(path) as Json;
      rows.push({
        path,
        before: value,
        after: next,
        change: sameLeaf(value, next) ? 'same' : 'changed',
      });
    }
  }
  for (const [path, value] of now) {
    if (!old.has(path)) rows.push({ path, after: value, change: 'added' });
  }
  return rows;
}

/** A leaf as text: a string as it is, anything else as JSON (null, true, 5, {}, []). */
export const leafText = (value: Json): string =>
  typeof value === 'string' ? value : JSON.stringify(value);
