import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceBasePath } from '@photo/contracts/endpoint';
import type { WebSocket } from 'ws';
import {
  PHOTO_EVENTS_PATH,
  PUSH_LIFETIME_CLOSE_CODE,
  PUSH_RESTART_CLOSE_CODE,
} from '@photo/contracts/photos';
import type { AuthenticateUpgrade, VerifyAccessToken } from '../auth/authenticate.service';
import type { Caller } from '../platform/caller';
import type { CustomerPushBus } from './customer-push';

const AuthenticateMessageSchema = z.object({ action: z.literal('authenticate'), token: z.string().min(1) });
const HANDSHAKE_TIMEOUT_MS = 10_000;
const KEEPALIVE_MS = 30_000;
/** docs/product/states.md, limits.md: a push connection closes after 30 minutes; a client that still listens opens another. */
export const PUSH_LIFETIME_MS = 30 * 60_000;

export interface PushDependencies {
  push: CustomerPushBus;
  /** The browser's way in: its session cookie on the upgrade request, from this shop's own pages. */
  authenticateUpgrade: AuthenticateUpgrade;
  /** Token clients' way in (docs/product/calls.md): an `authenticate` message carrying the access token. */
  verifyToken: VerifyAccessToken;
  lifetimeMs?: number;
}

/**
 * The push channel of a signed-in customer: photo events and archive events over one socket. A
 * session-authenticated socket is ready at once; any other must first send
 * `{"action":"authenticate","token":…}`, which the server answers with `OK`. Either way the socket
 * then receives this customer's messages, from whichever process raised them, until it closes (at the
 * latest after 30 minutes). The path stays below the photo service, where the browser first found it.
 */
export async function registerPushRoutes(
  app: FastifyInstance,
  deps: PushDependencies,
): Promise<{ connections(): number }> {
  const sockets = new Set<WebSocket>();
  // A stopping replica tells its clients to reconnect (elsewhere) before the plugin closes what is left.
  app.addHook('preClose', async () => {
    for (const socket of sockets) socket.close(PUSH_RESTART_CLOSE_CODE, 'Server restarting');
  });
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.get(`${serviceBasePath('photos')}${PHOTO_EVENTS_PATH}`, { websocket: true }, (socket, request) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    sockets.add(socket);
    const keepalive = setInterval(() => socket.ping(), KEEPALIVE_MS);
    const lifetime = setTimeout(
      () => socket.close(PUSH_LIFETIME_CLOSE_CODE, 'Connection lifetime reached'),
      deps.lifetimeMs ?? PUSH_LIFETIME_MS,
    );
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      clearInterval(keepalive);
      clearTimeout(lifetime);
      clearTimeout(handshakeTimer);
      unsubscribe?.();
    });

    let started = false;
    const start = async (caller: Caller) => {
      if (started) return;
      started = true;
      clearTimeout(handshakeTimer);
      const stop = await deps.push.subscribe(caller.customerId, (message) =>
        socket.send(JSON.stringify(message)),
      );
      if (closed) stop();
      else {
        unsubscribe = stop;
        socket.send('OK');
      }
    };

    const handshakeTimer = setTimeout(
      () => socket.close(4401, 'Authentication required'),
      HANDSHAKE_TIMEOUT_MS,
    );
    socket.on('message', (raw: Buffer) => {
      if (started) return;
      void (async () => {
        try {
          const message = AuthenticateMessageSchema.parse(JSON.parse(raw.toString('utf8')));
          await start(await deps.verifyToken(message.token, request.storefront));
        } catch {
          socket.close(4401, 'Authentication failed');
        }
      })();
    });
    if (request.headers.cookie) {
      // Without a valid session the socket simply waits for a token message.
      void deps.authenticateUpgrade(request.headers, request.storefront).then(start, () => undefined);
    }
  });
  return { connections: () => sockets.size };
}
