/**
 * A TLS terminator speaking HTTP/2 in front of the bench's server, as the nginx Ingress is in front of
 * the API in production (deploy/kubernetes/api.yaml): browsers never talk to the server's own HTTP/1.1.
 * Requests go on to the server with `X-Forwarded-For` and `X-Forwarded-Proto`; WebSocket upgrades (the
 * push channel, which browsers open over HTTP/1.1) are piped through as they are. The certificate is
 * self-signed for `*.localhost`, made with openssl; the browser is told to accept it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Connection-specific headers HTTP/2 forbids, and HTTP/2's own pseudo-headers, which HTTP/1.1 has none of.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:*.localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function forwardedHeaders(headers: http.IncomingHttpHeaders, remoteAddress: string | undefined) {
  const forwarded: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name)) continue;
    forwarded[name] = value;
  }
  // HTTP/2 names the host in ':authority'.
  forwarded.host = (headers[':authority'] as string | undefined) ?? headers.host;
  forwarded['x-forwarded-for'] = remoteAddress ?? '127.0.0.1';
  forwarded['x-forwarded-proto'] = 'https';
  return forwarded;
}

export interface TlsFront {
  close(): Promise<void>;
}

/** Listens on `port` (127.0.0.1) and passes everything on to the server on `targetPort`. */
export async function startTlsFront(port: number, targetPort: number): Promise<TlsFront> {
  const server = http2.createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (request, response) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request.headers, request.socket.remoteAddress),
        },
        (answer) => {
          const headers: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (!HOP_BY_HOP.has(name)) headers[name] = value;
          }
          response.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
    },
  );
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      const headers = forwardedHeaders(request.headers, socket.remoteAddress);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${String(value)}`);
      lines.push('connection: Upgrade', `upgrade: ${request.headers.upgrade}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
  });
  // Open connections would keep close() waiting: they are ended with it.
  const connections = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.destroy();
      }),
  };
}
