import crypto from 'node:crypto';

/**
 * Encryption and keyed hashing with the server key, each purpose under its own derived key so a
 * value sealed for one use cannot be opened or forged for another.
 */
export class SecretBox {
  readonly #master: Buffer;
  readonly #keys = new Map<string, Buffer>();

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The server key must be 32 bytes.');
    this.#master = masterKey;
  }

  key(purpose: string): Buffer {
    let key = this.#keys.get(purpose);
    if (!key) {
      key = Buffer.from(crypto.hkdfSync('sha256', this.#master, Buffer.alloc(0), purpose, 32));
      this.#keys.set(purpose, key);
    }
    return key;
  }

  /** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
  seal(purpose: string, plaintext: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key(purpose), iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  /** Opens a sealed value, or returns null when it was tampered with or sealed elsewhere. */
  open(purpose: string, sealed: string): string | null {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key(purpose), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** HMAC-SHA256 in hex, for codes and tokens we must recognise but never store in clear. */
  hash(purpose: string, value: string | Buffer): string {
    return crypto.createHmac('sha256', this.key(purpose)).update(value).digest('hex');
  }
}
