// The `form` SCA driver: headless, for any plain HTML form flow. It follows scaRedirect, fills named
// fields from the profile's map, ticks the account checkboxes, picks the context radio, submits each
// form by its method and action, and follows redirects until the Location reaches TPP-Redirect-URI.
import { parse, type HTMLElement } from 'node-html-parser';
import { send, type Answer, type TransportConfig } from '../../transport/index.ts';
import { redactUrl } from '../../tpp/redact.ts';
import { fillText } from '../templates.ts';
import type { PsuContext } from '../../spec/codes.ts';

export interface ScaRequest {
  href: string;
  redirectUri: string;
  /** Origins the flow may request (the target's and the profile's SCA origins); default: the origin of `href`. */
  origins?: string[];
  /** field name → value template; {{name}} is replaced from vars. */
  fields: Record<string, string>;
  vars: Record<string, string | undefined>;
  context: PsuContext;
  contextField: string;
  /** Abort the SCA: press the button whose name, value or text matches `cancelButton`. */
  cancel?: boolean;
  cancelButton: string;
  maxSteps?: number;
  timeoutMs?: number;
  /** The run's TLS and proxy (transport/). */
  transport?: TransportConfig;
  /** Asked before each page request; it throws to stop the flow (a run past its deadline). */
  beforeRequest?: () => void;
  /** Shown each HTML page the flow fills (`init` reads the pages' forms from it). */
  onPage?: (html: string, url: string) => void;
}

export interface ScaStep {
  method: string;
  url: string;
  status: number;
  form?: { method: string; action: string; fields: string[]; button?: string };
}

export interface ScaOutcome {
  /** True when the flow reached TPP-Redirect-URI (with success or error parameters). */
  completed: boolean;
  params: Record<string, string>;
  finalUrl?: string;
  steps: ScaStep[];
  /** Why the flow did not complete. */
  problem?: string;
}

/**
 * Whether a URL the flow goes to is TPP-Redirect-URI (with the outcome in its query): the point where both drivers
 * stop.
 */
export function reachesRedirectUri(url: string, redirectUri: string): boolean {
  if (url.startsWith(redirectUri)) return true;
  try {
    const u = new URL(url);
    const r = new URL(redirectUri);
    return u.origin === r.origin && u.pathname === r.pathname;
  } catch {
    return false;
  }
}

interface Submission {
  method: string;
  action: string;
  data: URLSearchParams;
  button?: string;
}

/** Works out how a person would submit the page's form. */
export function planForm(
  html: string,
  pageUrl: string,
  req: Pick<ScaRequest, 'fields' | 'vars' | 'context' | 'contextField' | 'cancel' | 'cancelButton'>,
): Submission | string {
  const root = parse(html);
  const forms = root.querySelectorAll('form');
  if (!forms.length) {
    const text = root.textContent.replace(/\s+/g, ' ').trim();
    return `the page has no form: "${text.slice(0, 160)}"`;
  }
  const matchesCancel = (b: HTMLElement) =>
    [b.getAttribute('name'), b.getAttribute('value'), b.textContent].some(
      (s) => s && s.trim().toLowerCase().includes(req.cancelButton.toLowerCase()),
    );
  const buttonsOf = (f: HTMLElement) =>
    f
      .querySelectorAll('button, input[type=submit], input[type=image]')
      .filter(
        (b) => b.tagName !== 'BUTTON' || !b.getAttribute('type') || b.getAttribute('type')!.toLowerCase() === 'submit',
      );
  // With cancel, use the form that has a cancel button if any; otherwise the first form.
  const form = (req.cancel && forms.find((f) => buttonsOf(f).some(matchesCancel))) || forms[0];
  const data = new URLSearchParams();
  const radios = new Map<string, HTMLElement[]>();
  for (const el of form.querySelectorAll('input, select, textarea')) {
    const name = el.getAttribute('name');
    if (!name || el.hasAttribute('disabled')) continue;
    const tag = el.tagName;
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    if (tag === 'INPUT' && ['submit', 'button', 'image', 'reset', 'file'].includes(type)) continue;
    if (tag === 'INPUT' && type === 'radio') {
      radios.set(name, [...(radios.get(name) ?? []), el]);
      continue;
    }
    if (tag === 'INPUT' && type === 'checkbox') {
      // Ticks every box: the PSU grants all accounts offered.
      data.append(name, el.getAttribute('value') ?? 'on');
      continue;
    }
    if (tag === 'SELECT') {
      const opts = el.querySelectorAll('option');
      const wanted = req.fields[name] !== undefined ? fillText(req.fields[name], req.vars) : undefined;
      const chosen =
        opts.find((o) => wanted !== undefined && (o.getAttribute('value') ?? o.textContent.trim()) === wanted) ??
        opts.find((o) => o.hasAttribute('selected')) ??
        opts[0];
      if (chosen) data.append(name, chosen.getAttribute('value') ?? chosen.textContent.trim());
      continue;
    }
    const value =
      req.fields[name] !== undefined
        ? fillText(req.fields[name], req.vars)
        : tag === 'TEXTAREA'
          ? el.textContent
          : (el.getAttribute('value') ?? '');
    data.append(name, value);
  }
  for (const [name, group] of radios) {
    const pick = name === req.contextField ? group.find((r) => r.getAttribute('value') === req.context) : undefined;
    const chosen =
      pick ??
      (req.fields[name] !== undefined
        ? group.find((r) => r.getAttribute('value') === fillText(req.fields[name], req.vars))
        : undefined) ??
      group.find((r) => r.hasAttribute('checked')) ??
      group[0];
    if (name === req.contextField && !pick)
      return `the ${name} radio group has no ${req.context} option (values: ${group.map((r) => r.getAttribute('value')).join(', ')})`;
    if (chosen) data.append(name, chosen.getAttribute('value') ?? 'on');
  }
  const buttons = buttonsOf(form);
  const button = req.cancel ? buttons.find(matchesCancel) : (buttons.find((b) => !matchesCancel(b)) ?? buttons[0]);
  if (button?.getAttribute('name')) data.append(button.getAttribute('name')!, button.getAttribute('value') ?? '');
  const method = (button?.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'GET').toUpperCase();
  const action = new URL(
    button?.getAttribute('formaction') ?? form.getAttribute('action') ?? pageUrl,
    pageUrl,
  ).toString();
  return {
    method,
    action,
    data,
    button: button ? (button.getAttribute('name') ?? button.textContent.trim()) || undefined : undefined,
  };
}

/** Runs an SCA redirect flow through plain HTML forms. Never throws for what the bank does. */
export async function runFormSca(req: ScaRequest): Promise<ScaOutcome> {
  const steps: ScaStep[] = [];
  const cookies = new Map<string, string>();
  const timeout = req.timeoutMs ?? 10_000;
  let method = 'GET';
  let url: string;
  try {
    url = new URL(req.href).toString();
  } catch {
    return { completed: false, params: {}, steps, problem: `scaRedirect href "${req.href}" is not an absolute URL` };
  }
  let body: string | undefined;
  const allowed = new Set((req.origins ?? [url]).map((o) => new URL(o).origin));
  for (let i = 0; i < (req.maxSteps ?? 10) * 3; i++) {
    const u = new URL(url);
    if (reachesRedirectUri(url, req.redirectUri))
      return { completed: true, params: Object.fromEntries(u.searchParams), finalUrl: redactUrl(url), steps };
    if (!allowed.has(u.origin))
      return {
        completed: false,
        params: {},
        steps,
        problem: `the flow went to ${u.origin} (${redactUrl(url)}), which is neither the target's origin nor one of the SCA origins the profile lists (sca.origins): not requested`,
      };
    req.beforeRequest?.();
    let res: Answer;
    try {
      res = await send(url, {
        method,
        transport: req.transport,
        headers: {
          accept: 'text/html',
          ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body,
        timeoutMs: timeout,
      });
    } catch (e) {
      return {
        completed: false,
        params: {},
        steps,
        problem: `${method} ${redactUrl(url)} failed: ${(e as Error).message}`,
      };
    }
    const text = res.body.toString('utf8');
    const step: ScaStep = { method, url: redactUrl(url), status: res.status };
    steps.push(step);
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    body = undefined;
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      url = new URL(String(res.headers.location), url).toString();
      method = 'GET';
      continue;
    }
    if (res.status !== 200)
      return {
        completed: false,
        params: {},
        steps,
        problem: `${step.method} ${step.url} answered ${res.status}: "${text.replace(/\s+/g, ' ').slice(0, 160)}"`,
      };
    req.onPage?.(text, url);
    const plan = planForm(text, url, req);
    if (typeof plan === 'string') return { completed: false, params: {}, steps, problem: `${step.url}: ${plan}` };
    step.form = {
      method: plan.method,
      action: redactUrl(plan.action),
      fields: [...plan.data.keys()],
      button: plan.button,
    };
    if (plan.method === 'GET') {
      const a = new URL(plan.action);
      for (const [k, v] of plan.data) a.searchParams.append(k, v);
      url = a.toString();
      method = 'GET';
    } else {
      url = plan.action;
      method = plan.method;
      body = plan.data.toString();
    }
  }
  return {
    completed: false,
    params: {},
    steps,
    problem: `the flow did not reach ${req.redirectUri} within ${req.maxSteps ?? 10} pages`,
  };
}
