import type { Adapter, AdapterFactory } from 'oidc-provider';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';

/** oidc-provider's storage interface over our database, one namespace per issuer. */
export function createOidcAdapterFactory(payloads: OidcPayloadsRepository, issuer: string): AdapterFactory {
  return (model: string): Adapter => ({
    upsert: (id, payload, expiresInSeconds) =>
      payloads.upsert({ issuer, model, id, payload, expiresInSeconds }),
    find: (id) => payloads.find(issuer, model, id),
    findByUid: (uid) => payloads.findBy(issuer, model, 'uid', uid),
    findByUserCode: (userCode) => payloads.findBy(issuer, model, 'user_code', userCode),
    consume: (id) => payloads.consume(issuer, model, id),
    destroy: (id) => payloads.destroy(issuer, model, id),
    revokeByGrantId: (grantId) => payloads.revokeByGrantId(issuer, grantId),
  });
}
