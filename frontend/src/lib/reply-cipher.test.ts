import { describe, expect, it } from 'vitest';
import { decryptReply } from '@/lib/reply-cipher';

// Produced by the server's ReplyCipher (src/crypto.rs,
// a_reply_encrypts_to_the_vector_the_app_decrypts) and by `openssl enc -aes-256-cbc`.
const KEY = {
  key: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  iv: 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf',
};
const VECTOR =
  '2J+ztKbORl6JtTY6K5ZfjRQa1RXeW6HJzGLbqB/hv2Ko9C1QDin+FvUA532dNh53tKJrtcVuvXKSNUElg1VTRw==';

describe('decryptReply', () => {
  it('decrypts the server vector to its JSON', () => {
    expect(decryptReply(VECTOR, KEY)).toEqual({ code: 1, msg: '', data: { name: 'Việt Nam' } });
  });

  it('throws on a wrong key instead of returning garbage JSON', () => {
    expect(() => decryptReply(VECTOR, { ...KEY, key: KEY.key.replace('00', 'ff') })).toThrow();
  });
});
