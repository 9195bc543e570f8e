// The sink proxy of the browser SCA driver: a loopback listener that closes every connection it gets
// (Chromium's --proxy-server for every host but the allowed origins), and counts them.
import { createServer as createNetServer, type AddressInfo } from 'node:net';

/** The loopback sink proxy of this process's browser: it closes every connection, and counts them. */
export interface Sink {
  port: number;
  /** Connections it closed since it started. */
  readonly hits: number;
  close(): void;
}

export async function startSink(): Promise<Sink> {
  let hits = 0;
  const server = createNetServer((socket) => {
    hits++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    get hits() {
      return hits;
    },
    close: () => server.close(),
  };
}
