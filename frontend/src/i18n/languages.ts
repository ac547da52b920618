// The 14 supported languages with their native names and the BCP 47 tag used for <html lang>
// and Intl.
export const LANGUAGES = [
  { code: 'zh', native: '简体中文', tag: 'zh-CN' },
  { code: 'tw', native: '繁體中文', tag: 'zh-TW' },
  { code: 'en', native: 'English', tag: 'en' },
  { code: 'fr', native: 'Français', tag: 'fr' },
  { code: 'hi', native: 'हिन्दी', tag: 'hi' },
  { code: 'ja', native: '日本語', tag: 'ja' },
  { code: 'ko', native: '한국어', tag: 'ko' },
  { code: 'pt', native: 'Português', tag: 'pt' },
  { code: 'ta', native: 'தமிழ்', tag: 'ta' },
  { code: 'vi', native: 'Tiếng Việt', tag: 'vi' },
  { code: 'es', native: 'Español', tag: 'es' },
  { code: 'ru', native: 'Русский', tag: 'ru' },
  { code: 'th', native: 'ไทย', tag: 'th' },
  { code: 'ml', native: 'മലയാളം', tag: 'ml' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LangCode = Language['code'];

export const FALLBACK_LANG: LangCode = 'vi';

export function isLangCode(value: unknown): value is LangCode {
  return typeof value === 'string' && LANGUAGES.some((language) => language.code === value);
}

export function languageOf(code: LangCode): Language {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[9];
}
