// A loopback TCP proxy that delays every chunk, in order, by a fixed time in each direction: a target
// across the internet (bench:latency, 25 ms each way) or a slow bank (the deadline test, 3 s back).
import { connect, createServer, type Socket } from 'node:net';

/** Pipes `from` into `to`, each chunk after `ms`, in order. */
function delayedPipe(from: Socket, to: Socket, ms: number): void {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), ms));
  from.on('end', () => setTimeout(() => to.end(), ms));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), ms));
}

/**
 * Starts the proxy on 127.0.0.1 in front of `target`: `ms` on the way there, `backMs` (default `ms`) on the way back.
 */
export async function delayProxy(target: URL, ms: number, backMs = ms): Promise<{ url: string; close(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    delayedPipe(client, upstream, ms);
    delayedPipe(upstream, client, backMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
