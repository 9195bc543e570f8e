// Loopback stand-ins for what sits between a TPP and a real bank, written for the tests (not the
// reference bank's own TLS code path):
// - a TLS front that demands a client certificate from the CAs it is given, presents a server
//   certificate from another CA, and forwards each request over plain HTTP to an upstream;
// - a forward proxy that only tunnels (CONNECT) to 127.0.0.1 and records every tunnel and the first
//   byte sent through it (0x16: a TLS handshake, so the proxy saw no plain text).
// Every listener binds 127.0.0.1.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import { connect as netConnect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { FIXTURES_DIR } from '../../src/tpp/fixtures.ts';

export const certFile = (name: string) => `${FIXTURES_DIR}certs/${name}`;
const pem = (name: string) => readFileSync(certFile(name), 'utf8');

export interface Front {
  url: string;
  /** Set once the upstream is known (the bank takes the front's URL as its public URL first). */
  upstream?: string;
  /** The subject of each client certificate a connection presented. */
  clients: string[];
  /** The remote port of every TCP connection made to the front (a proxy's upstream socket, or the client's own). */
  peers: number[];
  close(): Promise<void>;
}

/**
 * A TLS front on 127.0.0.1: server certificate fixtures/certs/server.* (the TEST-ONLY server CA), client certificates
 * demanded from `clientCas` (default: the TEST-ONLY main TPP CA).
 */
export async function tlsFront(opts: { clientCas?: string[]; tls?: Partial<ServerOptions> } = {}): Promise<Front> {
  const front: Front = { url: '', clients: [], peers: [], close: async () => undefined };
  const server = createHttpsServer(
    {
      key: pem('server.key.pem'),
      cert: pem('server.cert.pem'),
      ca: (opts.clientCas ?? ['ca.cert.pem']).map(pem),
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
      ...opts.tls,
    },
    (req, res) => {
      const up = new URL(req.url ?? '/', front.upstream);
      const fwd = httpRequest(up, { method: req.method, headers: { ...req.headers, host: up.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      fwd.on('error', () => {
        res.statusCode = 502;
        res.end();
      });
      req.pipe(fwd);
    },
  );
  server.on('secureConnection', (s: TLSSocket) =>
    front.clients.push(String(s.getPeerCertificate()?.subject?.CN ?? '(none)')),
  );
  server.on('connection', (s: Socket) => front.peers.push(s.remotePort ?? 0));
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  front.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return front;
}

export interface Proxy {
  url: string;
  /**
   * Each CONNECT: its target, the local port of the proxy's socket to it, and the first byte the client sent through
   * it.
   */
  tunnels: Array<{ target: string; upstreamPort?: number; firstByte?: number }>;
  /** Requests that were not CONNECT (a proxy asked to carry plain text). */
  plain: string[];
  close(): Promise<void>;
}

/** A CONNECT-only forward proxy on 127.0.0.1; `refuse`: answer every CONNECT with this status line instead. */
export async function connectProxy(opts: { refuse?: string } = {}): Promise<Proxy> {
  const proxy: Proxy = { url: '', tunnels: [], plain: [], close: async () => undefined };
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let head = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.off('data', onData);
      const line = head.subarray(0, head.indexOf('\r\n')).toString('latin1');
      const rest = head.subarray(end + 4);
      const m = /^CONNECT (127\.0\.0\.1|localhost):(\d+) HTTP\/1\.[01]$/.exec(line);
      if (!/^CONNECT /.test(line)) {
        proxy.plain.push(line);
        client.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (opts.refuse || !m) {
        client.end(`HTTP/1.1 ${opts.refuse ?? '403 Forbidden'}\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      const tunnel: Proxy['tunnels'][number] = { target: `${m[1]}:${m[2]}` };
      proxy.tunnels.push(tunnel);
      const upstream = netConnect({ host: '127.0.0.1', port: +m[2] }, () => {
        tunnel.upstreamPort = upstream.localPort;
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (rest.length) {
          tunnel.firstByte ??= rest[0];
          upstream.write(rest);
        }
        client.once('data', (d: Buffer) => (tunnel.firstByte ??= d[0]));
        client.pipe(upstream);
        upstream.pipe(client);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    });
  return proxy;
}
