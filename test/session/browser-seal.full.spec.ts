// The browser SCA driver is sealed against WebRTC: a page on an allowed origin that opens an
// RTCPeerConnection (STUN over UDP, TURN over TCP, host candidates announced by mDNS) reaches nothing.
// Every listener here is on 127.0.0.1; the STUN and TURN "servers" stand for any address a hostile
// page could name (WebRTC goes past the Fetch interception and the host-resolver rules, which see
// neither). Skipped where no Chromium is installed (CI installs it); the socket record needs strace.
//
// Faults that trip it: the WebRTC switches removed (`webrtc: 'open'`, the same code path with the
// seal off): the STUN server gets datagrams and the socket record shows a send to it and an mDNS
// socket on 224.0.0.251; the TCP TURN connection let through directly (no sink proxy): the TURN
// listener is reached.
import { execFileSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, findChromium, runBrowserSca, type WebRtc } from '../../src/session/sca/browser-driver.ts';

const chromium = findChromium();
const strace = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v strace'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
})();

let udp: Socket;
let datagrams: string[];
let turn: TcpServer;
let turnHits: number;
let site: Server;
let base: string;
let callback: Server;
let callbackUrl: string;

/** The SCA page: it opens a peer connection to the STUN and TURN listeners, lets ICE gather for a
 * while, and then goes on to /done, which redirects to the TPP with what the page saw. */
function page(stunPort: number, turnPort: number): string {
  return `<!doctype html><html><body><script>
const seen = [typeof RTCPeerConnection];
try {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }, { urls: 'turn:127.0.0.1:${turnPort}?transport=tcp', username: 'u', credential: 'p' }] });
  pc.createDataChannel('x');
  pc.onicecandidate = (e) => { if (e.candidate) seen.push(e.candidate.type); };
  pc.createOffer().then((o) => pc.setLocalDescription(o));
} catch (e) { seen.push('threw'); }
setTimeout(() => { location.href = '/done?seen=' + encodeURIComponent(seen.join(',')); }, 1500);
</script></body></html>`;
}

beforeAll(async () => {
  datagrams = [];
  udp = createSocket('udp4');
  udp.on('message', (m, r) => datagrams.push(`${r.address}:${r.port} ${m.length} bytes`));
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  turnHits = 0;
  turn = createTcpServer((s) => {
    turnHits++;
    s.destroy();
  });
  await new Promise<void>((r) => turn.listen(0, '127.0.0.1', r));
  callback = createServer((_q, res) => res.end());
  await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  const html = page(udp.address().port, (turn.address() as AddressInfo).port);
  site = createServer((req, res) => {
    if (req.url?.startsWith('/sca')) {
      res.setHeader('content-type', 'text/html');
      res.end(html);
    } else if (req.url?.startsWith('/done')) {
      res.statusCode = 302;
      res.setHeader('location', `${callbackUrl}?${new URL(req.url, 'http://x').searchParams}`);
      res.end();
    } else res.end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await closeBrowser();
  udp?.close();
  turn?.close();
  site?.close();
  callback?.close();
});

/** One SCA through the WebRTC page; what reached the listeners during it and a second after. */
async function flow(webrtc: WebRtc, executablePath?: string) {
  datagrams.length = 0;
  turnHits = 0;
  const r = await runBrowserSca({
    href: `${base}/sca/1`,
    redirectUri: callbackUrl,
    origins: [base],
    vars: {},
    steps: [{ waitForRedirect: true }],
    timeoutMs: 10_000,
    webrtc,
    executablePath,
  });
  // STUN retransmits for a while: give a late datagram the time to arrive.
  await new Promise((r) => setTimeout(r, 1_000));
  await closeBrowser();
  return { r, datagrams: [...datagrams], turnHits };
}

describe.skipIf(!chromium)(`the browser is sealed against WebRTC (${chromium ?? 'no chromium'})`, () => {
  it("a page's RTCPeerConnection sends no STUN datagram and opens no TURN connection; with the seal off it does (the fault)", async () => {
    const sealed = await flow('sealed');
    expect(sealed.r.problem).toBeUndefined();
    // The page ran its WebRTC code: the API is there, the flow reached the redirect URI after it.
    expect(sealed.r.params.seen?.split(',')[0]).toBe('function');
    expect(sealed.datagrams).toEqual([]);
    expect(sealed.turnHits).toBe(0);
    expect(sealed.r.params.seen).not.toMatch(/srflx|relay|host/);

    const open = await flow('open');
    expect(open.r.problem).toBeUndefined();
    expect(open.datagrams.length).toBeGreaterThan(0);
  }, 60_000);

  // The browser's own sockets, recorded by strace: no send to any address but loopback, no multicast
  // socket. What remains are UDP connect() calls to Chromium's fixed probe addresses (WebRTC's default
  // route query to 8.8.8.8:53 and 2001:4860:4860::8888:53; the host resolver's IPv6 probe to
  // 2001:4860:4860::8888:443): a connect() on a UDP socket only picks a route and sends no datagram.
  it.skipIf(!strace)(
    "the browser's sockets: no datagram or connection to any address but loopback (strace)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'xs2a-strace-'));
      const wrapper = join(dir, 'chromium');
      // One record per process (-ff): no call is split across lines.
      writeFileSync(
        wrapper,
        `#!/bin/sh\nexec ${strace} -ff -qq -o ${join(dir, 'trace')} -e trace=connect,bind,sendto,sendmsg,sendmmsg,setsockopt ${chromium} "$@"\n`,
      );
      chmodSync(wrapper, 0o755);
      const records = () => readdirSync(dir).filter((f) => f.startsWith('trace.'));
      const outside = async (webrtc: WebRtc) => {
        for (const f of records()) rmSync(join(dir, f));
        await flow(webrtc, wrapper);
        return records().flatMap((f) => leaks(readFileSync(join(dir, f), 'utf8')));
      };
      expect(await outside('sealed')).toEqual([]);
      // The fault: with the seal off the same record shows the datagrams and the mDNS socket.
      expect((await outside('open')).join('\n')).toMatch(/224\.0\.0\.251|sendto/);
    },
    90_000,
  );
});

/** UDP connect() destinations that send nothing (see above), as `address:port`. */
const PROBES = new Set(['8.8.8.8:53', '2001:4860:4860::8888:53', '2001:4860:4860::8888:443']);

/** The lines of an strace record that reach past loopback: a send to, a connect to (other than a known
 * probe) or a bind to a non-loopback, non-wildcard address, and any multicast membership. */
function leaks(trace: string): string[] {
  const out: string[] = [];
  for (const line of trace.split('\n')) {
    if (/IP_ADD_MEMBERSHIP|IPV6_ADD_MEMBERSHIP|IPV6_JOIN_GROUP/.test(line)) {
      out.push(line);
      continue;
    }
    const call = /^(connect|bind|sendto|sendmsg|sendmmsg)\(/.exec(line)?.[1];
    if (!call) continue;
    const v4 = /sin_port=htons\((\d+)\), sin_addr=inet_addr\("([\d.]+)"\)/.exec(line);
    const v6 = /sin6_port=htons\((\d+)\).*inet_pton\(AF_INET6, "([0-9a-f:.]+)"/.exec(line);
    const hit = v4 ?? v6;
    if (!hit) continue;
    const [, port, addr] = hit;
    const loopback = addr.startsWith('127.') || addr === '::1' || addr === '::ffff:127.0.0.1';
    const wildcard = addr === '0.0.0.0' || addr === '::';
    if (loopback || (call === 'bind' && wildcard)) continue;
    if (call === 'connect' && PROBES.has(`${addr}:${port}`) && line.includes('= 0')) continue;
    out.push(line);
  }
  return out;
}
