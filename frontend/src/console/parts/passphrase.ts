// The console passphrase's bounds (auth::staff::types::Passphrase), checked in the browser
// before the server checks them again.
export const PASSPHRASE_CHARS_MIN = 12;
export const PASSPHRASE_CHARS_MAX = 256;

export type PassphraseProblem = 'length' | 'repeat' | null;

/** What is wrong with a passphrase and its repetition, if anything. */
export function passphraseProblem(passphrase: string, repeat: string): PassphraseProblem {
  const chars = [...passphrase].length;
  if (chars < PASSPHRASE_CHARS_MIN || chars > PASSPHRASE_CHARS_MAX) return 'length';
  return passphrase === repeat ? null : 'repeat';
}
