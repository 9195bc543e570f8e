// The form SCA driver completes a flow whose field names, buttons and language differ from the
// reference bank's, once the profile maps the fields; and reads the error parameters on abort.
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planForm, runFormSca } from '../../src/session/sca/form-driver.ts';

const REDIRECT = 'https://127.0.0.1/xs2a-conformance/cb';
let server: Server;
let base: string;
const seen: Record<string, string>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const html = (s: string) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><body>${s}</body></html>`);
      };
      if (url.pathname === '/start')
        return html(
          `<h1>Logg inn</h1><form method="post" action="/login"><input type="hidden" name="csrf" value="t0k3n"><label>Fødselsnummer <input name="ssn"></label><input type="submit" name="go" value="Neste"></form>`,
        );
      if (url.pathname === '/login') {
        const f = Object.fromEntries(new URLSearchParams(body));
        seen.push(f);
        if (f.csrf !== 't0k3n' || f.ssn !== '01010112345') {
          res.writeHead(400);
          return res.end('bad login');
        }
        res.writeHead(303, { location: '/consent', 'set-cookie': 'sess=abc; Path=/; HttpOnly' });
        return res.end();
      }
      if (url.pathname === '/consent') {
        if (!/sess=abc/.test(req.headers.cookie ?? '')) {
          res.writeHead(401);
          return res.end('no session');
        }
        return html(`<form action="/decide"><input type="checkbox" name="acct" value="A1"><input type="checkbox" name="acct" value="A2" checked>
          <input type="radio" name="kontekst" value="PRIVATE"><input type="radio" name="kontekst" value="CORPORATE">
          <select name="avtale"><option value="x">X</option><option value="agr-7">Sju</option></select>
          <button name="knapp" value="ok">Godkjenn</button><button name="knapp" value="avbryt">Avbryt</button></form>`);
      }
      if (url.pathname === '/decide') {
        const q = Object.fromEntries([...url.searchParams].map(([k]) => [k, url.searchParams.getAll(k).join(',')]));
        seen.push(q);
        const to = new URL(REDIRECT);
        if (q.knapp === 'avbryt')
          Object.entries({ system: 'idp', status: '401', code: 'SCA_INVALID', message: 'avbrutt' }).forEach(([k, v]) =>
            to.searchParams.set(k, v),
          );
        else
          Object.entries({
            'psu-id': '11111111-2222-4333-8444-555555555555',
            'tpp-session-id': 's-1',
            context: q.kontekst,
            ...(q.kontekst === 'CORPORATE' ? { 'psu-corporate-id': q.avtale } : {}),
          }).forEach(([k, v]) => to.searchParams.set(k, v));
        res.writeHead(302, { location: to.toString() });
        return res.end();
      }
      res.writeHead(404);
      res.end('not found');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = (over: Partial<Parameters<typeof runFormSca>[0]> = {}) => ({
  href: `${base}/start`,
  redirectUri: REDIRECT,
  fields: { ssn: '{{psu.nationalId}}', avtale: '{{corporateId}}' },
  vars: { 'psu.nationalId': '01010112345', corporateId: 'agr-7' },
  context: 'CORPORATE' as const,
  contextField: 'kontekst',
  cancelButton: 'avbryt',
  ...over,
});

describe('form SCA driver on a foreign flow', () => {
  it('maps the fields, keeps hidden inputs and cookies, ticks every account, picks the context, and reads the redirect', async () => {
    const r = await runFormSca(request());
    expect(r.problem).toBeUndefined();
    expect(r).toMatchObject({
      completed: true,
      params: { 'psu-id': '11111111-2222-4333-8444-555555555555', context: 'CORPORATE', 'psu-corporate-id': 'agr-7' },
    });
    expect(seen.at(-1)).toMatchObject({ acct: 'A1,A2', kontekst: 'CORPORATE', avtale: 'agr-7', knapp: 'ok' });
    expect(r.steps.map((s) => s.status)).toEqual([200, 303, 200, 302]);
  });
  it('aborts with the cancel button and returns the error parameters', async () => {
    const r = await runFormSca(request({ cancel: true, context: 'PRIVATE' }));
    expect(r).toMatchObject({
      completed: true,
      params: { code: 'SCA_INVALID', status: '401', system: 'idp', message: 'avbrutt' },
    });
  });
  it('a wrong mapping is a clear problem, not a crash', async () => {
    const r = await runFormSca(request({ fields: { personnummer: '{{psu.nationalId}}' } }));
    expect(r.completed).toBe(false);
    expect(r.problem).toMatch(/answered 400: "bad login"/);
  });
  it('a context the page does not offer is named', () => {
    expect(
      planForm('<form><input type="radio" name="c" value="A"></form>', base, {
        fields: {},
        vars: {},
        context: 'CORPORATE',
        contextField: 'c',
        cancelButton: 'x',
      }),
    ).toMatch(/no CORPORATE option/);
  });
  it('a page without a form, and a flow that never ends, are reported', async () => {
    expect((await runFormSca(request({ href: `${base}/nowhere` }))).problem).toMatch(/answered 404/);
    expect((await runFormSca(request({ href: 'not a url' }))).problem).toMatch(/not an absolute URL/);
    expect((await runFormSca(request({ href: 'http://127.0.0.1:1/' }))).problem).toMatch(/failed/);
  });
});
