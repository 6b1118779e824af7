import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from './sessions.repository';
import type { TokenCipher } from './token-cipher';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
}

export interface ActiveSession {
  idHash: string;
  issuer: string;
  customerId: string;
  tokens: SessionTokens;
  accessExpiresAt: Date;
}

/** Only this hash is stored: a copy of the sessions table holds no working cookie. */
export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');

/** Decrypted session tokens kept: one per signed-in browser is plenty. */
const OPENED_SESSIONS_KEPT = 5_000;

/** BFF sessions: random ids for the browser, tokens encrypted and bound to their row. */
export function createSessionsService(sessions: SessionsRepository, cipher: TokenCipher) {
  // The row is still read on every call (a session ended anywhere ends here at once); only the
  // decryption of the same sealed value is remembered, since it always gives the same tokens (decision 143).
  const opened = new Map<string, SessionTokens>();
  const open = (record: Awaited<ReturnType<SessionsRepository['find']>>): ActiveSession | undefined => {
    if (!record) return undefined;
    const key = `${record.idHash} ${record.tokens}`;
    let tokens = opened.get(key);
    if (!tokens) {
      tokens = JSON.parse(cipher.decrypt(record.tokens, record.idHash)) as SessionTokens;
      if (opened.size >= OPENED_SESSIONS_KEPT) opened.delete(opened.keys().next().value!);
      opened.set(key, tokens);
    }
    return { ...record, tokens: { ...tokens } };
  };
  const seal = (tokens: SessionTokens, idHash: string) => cipher.encrypt(JSON.stringify(tokens), idHash);

  return {
    /** Answers the session id, which only the browser's cookie holds. */
    async create(
      session: Omit<ActiveSession, 'idHash'>,
      ttlSeconds: number,
    ): Promise<{ sessionId: string; idHash: string }> {
      const sessionId = randomBytes(32).toString('base64url');
      const idHash = hashSecret(sessionId);
      await sessions.insert({ ...session, idHash, tokens: seal(session.tokens, idHash) }, ttlSeconds);
      return { sessionId, idHash };
    },

    async load(sessionId: string): Promise<ActiveSession | undefined> {
      return open(await sessions.find(hashSecret(sessionId)));
    },

    async reload(idHash: string): Promise<ActiveSession | undefined> {
      return open(await sessions.find(idHash));
    },

    /** Ends the session and answers what it held, so its tokens can be revoked. */
    async end(sessionId: string): Promise<ActiveSession | undefined> {
      return open(await sessions.take(hashSecret(sessionId)));
    },

    claimRefresh: (idHash: string, leaseSeconds: number) => sessions.claimRefresh(idHash, leaseSeconds),

    async saveRefreshed(idHash: string, tokens: SessionTokens, accessExpiresAt: Date): Promise<void> {
      await sessions.saveRefreshed(idHash, seal(tokens, idHash), accessExpiresAt);
    },

    drop: (idHash: string) => sessions.delete(idHash),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
