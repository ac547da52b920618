// Idempotency keys of money-moving requests. One submission attempt = one key: a retry of the
// same attempt (same fields, after a failure) reuses it, so the server answers a repeat with the
// first reply instead of moving the money twice; changed fields or a success start a new attempt.

/** 32 random hex digits (getRandomValues works outside secure contexts, randomUUID does not). */
export function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class AttemptKey {
  private fingerprint: string | null = null;
  private key = '';

  constructor(private readonly generate: () => string = randomKey) {}

  /** The key for a submission of `fingerprint` (the fields that define the request). */
  for(fingerprint: string): string {
    if (fingerprint !== this.fingerprint || this.key === '') {
      this.fingerprint = fingerprint;
      this.key = this.generate();
    }
    return this.key;
  }

  /** The attempt succeeded: the next submission is a new one, even with the same fields. */
  done(): void {
    this.fingerprint = null;
    this.key = '';
  }
}
