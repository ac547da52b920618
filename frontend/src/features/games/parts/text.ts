// A translatable text as data: a message key with parameters (which may be texts themselves,
// e.g. "No. 3: {side}" with side = "Big"), or a literal such as a number or an unknown code.
// Option labels, group titles and rules are built as Texts so they can be tested without React.
import type { MessageKey, Translate } from '@/i18n/i18n';

export type Text =
  { key: MessageKey; params?: Record<string, string | number | Text> } | { raw: string };

export const raw = (value: string | number): Text => ({ raw: String(value) });

export function say(text: Text, t: Translate): string {
  if ('raw' in text) return text.raw;
  if (text.params === undefined) return t(text.key);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params))
    params[name] = typeof value === 'object' ? say(value, t) : value;
  return t(text.key, params);
}
