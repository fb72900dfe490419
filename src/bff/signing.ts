/**
 * The BFF's signing keys (issue 14.3). Quote tokens and access handles are
 * signed with `TOTE_SIGNING_SECRET` (derived from the app secret when it is
 * not set, so a plain `npm start` keeps working) and verified with it or
 * `TOTE_SIGNING_SECRET_PREVIOUS`, so the secret can be rotated without
 * logging shoppers out: deploy the new secret with the old one as previous,
 * and drop the previous one once every token signed with it has expired.
 * Without `TOTE_SIGNING_SECRET` the key follows the app secret, so rotating
 * the app secret (`SERVICE_APP_SECRET_PREVIOUS` set to the old one) keeps the
 * key derived from the old secret for verification too (issue 25.9).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Signer {
  sign(data: string): string;
  /** True when `mac` was made over `data` by the current or the previous secret. */
  verify(data: string, mac: string): boolean;
}

/** The secret used when `TOTE_SIGNING_SECRET` is not set: a key of its own, never the app secret itself. */
export const deriveSigningSecret = (appSecret: string) =>
  createHmac('sha256', appSecret).update('tote-signing-secret-v1').digest('base64url');

/**
 * The secret that signs, and the one still accepted while rotating: an explicit
 * `TOTE_SIGNING_SECRET_PREVIOUS` wins; with a derived secret, the previous app secret's derived key.
 */
export function signingSecrets(c: { appSecret: string; appSecretPrevious?: string; signingSecret?: string; signingSecretPrevious?: string }) {
  const current = c.signingSecret ?? deriveSigningSecret(c.appSecret);
  const previous = c.signingSecretPrevious ?? (!c.signingSecret && c.appSecretPrevious ? deriveSigningSecret(c.appSecretPrevious) : undefined);
  return { current, ...(previous ? { previous } : {}) };
}

/**
 * A signer for one purpose: each purpose gets its own key, so a signature
 * made for one (an access handle) can never pass as another (a quote).
 */
export function createSigner(purpose: string, secret: string, previous?: string): Signer {
  const keyOf = (s: string) => createHmac('sha256', s).update(`tote-${purpose}`).digest();
  const keys = [keyOf(secret), ...(previous ? [keyOf(previous)] : [])];
  const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    sign: (data) => mac(keys[0]!, data),
    verify(data, given) {
      const got = Buffer.from(given);
      return keys.some((key) => {
        const expected = Buffer.from(mac(key, data));
        return got.length === expected.length && timingSafeEqual(got, expected);
      });
    },
  };
}
