import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { PHOTO_EVENTS_PATH } from '@photo/contracts/photos';
import type { AuthenticateUpgrade, VerifyAccessToken } from '../auth/authenticate.service';
import type { Caller } from '../platform/caller';
import type { PhotoEventBus } from './photo-events';

const AuthenticateMessageSchema = z.object({ action: z.literal('authenticate'), token: z.string().min(1) });
const HANDSHAKE_TIMEOUT_MS = 10_000;
const KEEPALIVE_MS = 30_000;

export interface PushDependencies {
  events: PhotoEventBus;
  /** The browser's way in: its session cookie on the upgrade request, from this shop's own pages. */
  authenticateUpgrade: AuthenticateUpgrade;
  /** Token clients' way in (spec 7): an `authenticate` message carrying the access token. */
  verifyToken: VerifyAccessToken;
}

/**
 * The push channel of a signed-in browser. A session-authenticated socket is ready at once; any other
 * must first send `{"action":"authenticate","token":…}`, which the server answers with `OK`. Either way
 * the socket then receives this customer's photo events, from whichever process raised them.
 */
export async function registerPhotoPushRoutes(app: FastifyInstance, deps: PushDependencies): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  app.get(`${serviceBasePath('photos')}${PHOTO_EVENTS_PATH}`, { websocket: true }, (socket, request) => {
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    const keepalive = setInterval(() => socket.ping(), KEEPALIVE_MS);
    socket.on('close', () => {
      closed = true;
      clearInterval(keepalive);
      clearTimeout(handshakeTimer);
      unsubscribe?.();
    });

    let started = false;
    const start = async (caller: Caller) => {
      if (started) return;
      started = true;
      clearTimeout(handshakeTimer);
      const stop = await deps.events.subscribe(caller.customerId, (event) =>
        socket.send(JSON.stringify(event)),
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
}
