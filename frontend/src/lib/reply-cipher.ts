// The spec clients' reply obfuscation (server: `[api] encrypt`, src/http/reply_encryption.rs):
// a reply that is not a JSON object is base64 of AES-256-CBC/PKCS7 of the JSON, with the key
// and IV of the plain start-up config call. This hides nothing from an attacker (every client
// gets the key); TLS is what protects the player. @noble/ciphers instead of WebCrypto: WebCrypto
// exists only in secure contexts, and the app is also served over plain http on a LAN.
import { cbc } from '@noble/ciphers/aes.js';
import { hexToBytes } from '@noble/ciphers/utils.js';

/** The key (64 hex digits) and IV (32 hex digits) the config call carries. */
export type ReplyKey = { key: string; iv: string };

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The JSON value inside an encrypted reply; throws when it is not one. */
export function decryptReply(body: string, { key, iv }: ReplyKey): unknown {
  const plain = cbc(hexToBytes(key), hexToBytes(iv)).decrypt(base64Bytes(body));
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
