import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface TokenCipher {
  /** `context` is bound into the ciphertext: a value copied to another row does not decrypt. */
  encrypt(plaintext: string, context: string): string;
  decrypt(sealed: string, context: string): string;
}

const version = 'v1';

/** AES-256-GCM, so a database dump alone does not hand out working tokens. */
export function createTokenCipher(key: Buffer): TokenCipher {
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [version, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed, context) {
      const [given, ivText, bodyText] = sealed.split('.');
      if (given !== version || !ivText || !bodyText) throw new Error('Unknown token encryption format');
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
