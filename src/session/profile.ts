// A target profile: what the suite needs to know about a bank that the spec does not say.
// JSON or YAML, validated by a JSON Schema; errors name the key. Paths are relative to the file.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { embeddedBankTls, testCredentials, type TestTpp } from '../tpp/fixtures.ts';
import type { TppIdentity } from '../tpp/client.ts';
import type { TlsConfig, TransportConfig } from '../transport/index.ts';
import { APPROVE_BEFORE_READ_PRODUCTS, BOOKING_STATUSES, type PsuContext } from '../spec/codes.ts';
import { ProfileError } from './errors.ts';
import { keptValidator, type KeptValidator } from './kept-validator.ts';
import { DEFAULT_OPERATIONS, DEFAULT_RESPONSES } from './shapes.ts';
import { ownOf, workerIndex } from './psu-pool.ts';

/** A package loaded when first needed (YAML): a command that reads no profile starts without it. */
const lazy = <T>(name: string): T => createRequire(import.meta.url)(name) as T;

/** YAML, loaded when first needed: the profile's reader, and the commands that write or read YAML. */
export const yaml = (): typeof import('yaml') => lazy<typeof import('yaml')>('yaml');

export interface PsuIdentity {
  /** Mock national identity number the SCA pages ask for (sandbox). Masked in reports. */
  nationalId?: string;
  /** A known PSU-ID (UUID); with the preset driver it replaces SCA. */
  psuId?: string;
  corporateId?: string;
  ipAddress?: string;
}

/** One scripted browser step. Every string field may hold `{{…}}` placeholders. */
export interface BrowserStep {
  goto?: string;
  fill?: string;
  value?: string;
  click?: string;
  check?: string;
  waitForRedirect?: boolean;
  /** Run the step only when this selector matches on the current page (a branching flow). */
  if?: string;
  /** Skip the step when its own selector matches nothing on the current page. */
  optional?: boolean;
}

/** The TPP identities besides the main one (tpp.signing): a second full-role TPP, an AI-only and a PI-only one. */
export const IDENTITY_NAMES = ['second', 'aiOnly', 'piOnly'] as const;
export type IdentityName = (typeof IDENTITY_NAMES)[number];

/** TLS towards the target (transport/): the CAs to trust, the client certificate, the server name. */
export type TppTls = TlsConfig;

/** One more TPP the suite can act as: its signing certificate and key, and optionally its own TLS client pair. */
export interface OtherTpp {
  signing: TppIdentity;
  /**
   * Its TLS client certificate and key (PEM, or PKCS#12 with its passphrase); CA, server name and verification are
   * tpp.tls's.
   */
  tls?: Pick<TlsConfig, 'cert' | 'key' | 'pfx' | 'passphrase'>;
}

export interface Profile {
  target?: string;
  /** The sandbox customer `type` values of a private and a corporate customer (default: private, corporate). */
  customerTypes?: { private: string; corporate: string };
  /**
   * The bookingStatus values the bank's transaction list takes (the spec: "values including `both`,
   * `pending`, `all`"; default those and Berlin Group's `booked` and `information`). A scenario whose
   * check needs a value not listed is not applicable; the plain reads take a listed one (src/suite/accounts.ts).
   */
  bookingStatuses: string[];
  /** A forward proxy for every connection to the target (default: HTTPS_PROXY / HTTP_PROXY / NO_PROXY). */
  proxy?: string;
  /** Hosts reached without the proxy (NO_PROXY's syntax). */
  noProxy?: string;
  environment: 'sandbox' | 'production';
  tpp: {
    signing: TppIdentity;
    tls?: TppTls;
    redirectUri: string;
    /** Other TPPs for the rules that involve two TPPs or a PSD2 role (`@identity:<name>` scenarios). */
    identities: Partial<Record<IdentityName, OtherTpp>>;
  };
  /**
   * The PSUs the profile names, per context, each with the defaults filled in (none named: the
   * defaults alone). A worker acts for its own entry (psuOf), chosen when it asks, by its worker slot:
   * several workers of one process (--processes) never share a PSU.
   */
  psus: { private: PsuIdentity[]; corporate: PsuIdentity[] };
  /** How many PSUs the profile names per context (0: none named; the sandbox may list them). */
  psuPool: { private: number; corporate: number };
  sca: {
    driver: 'form' | 'browser' | 'preset';
    /** Origins the SCA pages may come from besides the target's; the drivers go nowhere else. */
    origins: string[];
    form: {
      /** field name → value template ({{psu.nationalId}}, {{context}}, {{corporateId}}). */
      fields: Record<string, string>;
      /** Radio group that picks PRIVATE or CORPORATE. */
      contextField: string;
      /** Name or text of the button that aborts SCA. */
      cancel: string;
      maxSteps: number;
    };
    browser?: { executablePath?: string; steps: BrowserStep[]; cancelSteps?: BrowserStep[]; settleMs?: number };
  };
  capabilities: {
    products: string[];
    /**
     * The products whose details and status cannot be read before the PSU approves the payment (default: the spec's,
     * domestic-norway-credit-transfers).
     */
    approveBeforeRead: string[];
    /**
     * The products offered as bulk and as periodic payments (the spec names neither; default the platform's:
     * norwegian-domestic-credit-transfers). Single payments: `products`.
     */
    bulkProducts: string[];
    periodicProducts: string[];
    /**
     * The payment statuses in which cancelling needs the PSU's SCA (a 202 with a cancellation authorisation; default
     * ACTC, Berlin Group's); in the others DELETE alone cancels. Not stated.
     */
    cancellationSca: string[];
    /**
     * The products whose fee information is read at /v1/payments/{product}/fee-information (the spec's path
     * `instant-norwegian-credit-transfers-<variant>`; default the platform's variant, straks).
     */
    feeInformation: string[];
    sandbox: boolean;
    corporate: boolean;
    cardAccounts: boolean;
    baskets: boolean;
    bulk: boolean;
    periodic: boolean;
    /** A sandbox that checks the PSD2 roles of the TPP's certificate as production does (`@role-checks` scenarios). */
    roleChecks: boolean;
  };
  /** The bank's clock-control operation; `{{seconds}}` in the body is replaced. */
  clockControl?: { method: string; path: string; body?: string };
  /**
   * Runs the bank's payment batch now (a control operation the spec does not name; `{{lastOfDay}}`: true or false).
   * Without it the stateful model leaves out the steps that need a batch.
   */
  batchControl?: { method: string; path: string; body?: string };
  /** Request templates for shapes the spec does not show (see templates.ts). */
  templates?: Record<string, unknown>;
  /** Method and path of each operation the spec names without one (src/session/shapes.ts); null: not offered. */
  operations?: Record<string, { method: string; path: string } | null>;
  /**
   * JSON pointers to the values the suite reads from answers whose shape the spec does not show
   * (src/session/shapes.ts).
   */
  responses?: Record<string, string | string[]>;
  /** How to reach states the spec does not say how to reach (src/suite/preconditions.ts). */
  preconditions?: Preconditions;
  waivers: Waiver[];
  /** Statuses that count as a signature rejection: the spec's 400, always, plus those the profile declares. */
  signing: { rejectStatuses: number[] };
  /** The fuzzer's base request: correctly signed, the bank accepts it (2xx, or 401 with scaRedirect). */
  fuzz: { baseRequest: FuzzBaseRequest };
  timeoutMs: number;
  /** Independent requests of one scenario a worker may have in flight at once (concurrently.ts); 1: one at a time. */
  concurrency: number;
}

/** The request every signature mutation starts from (`fuzz.baseRequest`); the body is sent as JSON. */
export interface FuzzBaseRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The fuzzer's default base request: the account list (§ Endpoints; without a PSU the bank may demand SCA). */
export const DEFAULT_FUZZ_BASE: FuzzBaseRequest = { method: 'GET', path: '/v1/accounts' };

/** Recipes for states the spec names but does not say how to reach. */
export interface Preconditions {
  /**
   * A PDNG payment: `unfunded` (more than the debtor's balance, then the batch) or `future-date` (a
   * requestedExecutionDate ahead).
   */
  pdng?: 'unfunded' | 'future-date';
  /**
   * "A corporate id that has no consent yet" (spec § SCA flow step 7: a new corporate id starts a new
   * consent flow): `create` (default) makes one in the sandbox (a corporate customer, its account, an
   * agreement engaging the PSU: operations.create-sandbox-customer and create-sandbox-agreement);
   * `seeded` takes one of the PSU's own agreements (GET /v1/agreements) that no SCA of this TPP chose,
   * for a sandbox that cannot create customers or agreements: its seeded data gives the PSU two.
   */
  newCorporateId?: 'create' | 'seeded';
}

export interface Waiver {
  /** Scenario name, or a clause id: every scenario of that clause. */
  scenario?: string;
  clause?: string;
  reason: string;
  /** YYYY-MM-DD; after it the waiver fails the run. */
  expires: string;
}

const STR = { type: 'string', minLength: 1 };
const SIGNING = {
  type: 'object',
  additionalProperties: false,
  required: ['cert', 'key'],
  properties: { cert: STR, key: STR, keyId: STR },
};
const BROWSER_STEP = {
  type: 'object',
  additionalProperties: false,
  properties: {
    goto: STR,
    fill: STR,
    value: { type: 'string' },
    click: STR,
    check: STR,
    waitForRedirect: { type: 'boolean' },
    if: STR,
    optional: { type: 'boolean' },
  },
};

/** A TLS client certificate: a PEM pair, or a PKCS#12 file and the environment variable holding its passphrase. */
const CLIENT_TLS = { cert: STR, key: STR, pfx: STR, passphraseEnv: STR };

/** The profile's JSON Schema (what a user may write; defaults are filled after validation). */
export const PROFILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    target: { type: 'string', pattern: '^https?://' },
    proxy: { type: 'string', pattern: '^(https?|socks5?)://' },
    customerTypes: {
      type: 'object',
      additionalProperties: false,
      required: ['private', 'corporate'],
      properties: { private: STR, corporate: STR },
    },
    bookingStatuses: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: STR,
      description:
        'The bookingStatus values GET /v1/accounts/{id}/transactions takes (the spec: "values including both, pending, all"; default booked, pending, both, all, information). A scenario that needs a value not listed is not applicable.',
    },
    noProxy: { type: 'string' },
    environment: { enum: ['sandbox', 'production'] },
    tpp: {
      type: 'object',
      additionalProperties: false,
      properties: {
        signing: SIGNING,
        tls: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...CLIENT_TLS,
            ca: { anyOf: [STR, { type: 'array', minItems: 1, items: STR }] },
            systemCa: { type: 'boolean' },
            servername: STR,
            rejectUnauthorized: { type: 'boolean' },
          },
        },
        redirectUri: { type: 'string', pattern: '^https?://' },
        identities: {
          type: 'object',
          additionalProperties: false,
          description:
            'Other TPPs for the rules that involve two TPPs or a PSD2 role: second (full roles), aiOnly, piOnly; main is another way to write tpp.signing (and tpp.tls cert/key).',
          properties: Object.fromEntries(
            ['main', 'second', 'aiOnly', 'piOnly'].map((k) => [
              k,
              {
                type: 'object',
                additionalProperties: false,
                required: ['signing'],
                properties: {
                  signing: SIGNING,
                  tls: { type: 'object', additionalProperties: false, properties: CLIENT_TLS },
                },
              },
            ]),
          ),
        },
      },
    },
    psu: {
      type: 'object',
      additionalProperties: false,
      // One PSU, or a pool: each worker acts for its own (a PSU holds one SCA session with a TPP).
      properties: Object.fromEntries(
        ['private', 'corporate'].map((k) => {
          const one = {
            type: 'object',
            additionalProperties: false,
            properties: {
              nationalId: STR,
              psuId: { type: 'string', pattern: '^[0-9a-fA-F-]{36}$' },
              corporateId: STR,
              ipAddress: STR,
            },
          };
          return [k, { oneOf: [one, { type: 'array', minItems: 1, items: one }] }];
        }),
      ),
    },
    sca: {
      type: 'object',
      additionalProperties: false,
      properties: {
        driver: { enum: ['form', 'browser', 'preset'] },
        origins: { type: 'array', items: { type: 'string', pattern: '^https?://[^/]+/?$' } },
        form: {
          type: 'object',
          additionalProperties: false,
          properties: {
            fields: { type: 'object', additionalProperties: { type: 'string' } },
            contextField: STR,
            cancel: STR,
            maxSteps: { type: 'integer', minimum: 1, maximum: 50 },
          },
        },
        browser: {
          type: 'object',
          additionalProperties: false,
          required: ['steps'],
          properties: {
            executablePath: STR,
            steps: { type: 'array', items: BROWSER_STEP },
            cancelSteps: { type: 'array', items: BROWSER_STEP },
            settleMs: { type: 'integer', minimum: 0, maximum: 10000 },
          },
        },
      },
    },
    capabilities: {
      type: 'object',
      additionalProperties: false,
      properties: {
        products: { type: 'array', items: STR },
        approveBeforeRead: { type: 'array', items: STR },
        bulkProducts: { type: 'array', items: STR },
        periodicProducts: { type: 'array', items: STR },
        feeInformation: { type: 'array', items: STR },
        cancellationSca: { type: 'array', items: STR },
        sandbox: { type: 'boolean' },
        corporate: { type: 'boolean' },
        cardAccounts: { type: 'boolean' },
        baskets: { type: 'boolean' },
        bulk: { type: 'boolean' },
        periodic: { type: 'boolean' },
        roleChecks: {
          type: 'boolean',
          description:
            'The sandbox checks the PSD2 roles of the certificate as production does (default false; production always does).',
        },
      },
    },
    clockControl: {
      type: 'object',
      additionalProperties: false,
      required: ['method', 'path'],
      properties: { method: STR, path: { type: 'string', pattern: '^/' }, body: { type: 'string' } },
    },
    batchControl: {
      type: 'object',
      additionalProperties: false,
      required: ['method', 'path'],
      properties: { method: STR, path: { type: 'string', pattern: '^/' }, body: { type: 'string' } },
    },
    templates: {
      type: 'object',
      description:
        'Request bodies the spec does not show (src/session/templates.ts names them); {{name}} placeholders are filled.',
    },
    operations: {
      type: 'object',
      description:
        'Operations the spec names without a method or path, or does not name (src/session/shapes.ts OPERATION_SILENCE gives the words that leave each open); null: the bank does not offer it.',
      propertyNames: { enum: Object.keys(DEFAULT_OPERATIONS) },
      additionalProperties: {
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            required: ['method', 'path'],
            properties: {
              method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
              path: { type: 'string', pattern: '^/' },
            },
          },
        ],
      },
    },
    responses: {
      type: 'object',
      description:
        'JSON pointers (RFC 6901) to values the suite reads from answers whose shape the spec does not show (src/session/shapes.ts DEFAULT_RESPONSES).',
      propertyNames: { enum: Object.keys(DEFAULT_RESPONSES) },
      additionalProperties: {
        oneOf: [
          { type: 'string', pattern: '^(/.*)?$' },
          { type: 'array', minItems: 1, items: { type: 'string', pattern: '^(/.*)?$' } },
        ],
      },
    },
    preconditions: {
      type: 'object',
      additionalProperties: false,
      description: 'How to reach states the spec names but does not say how to reach.',
      properties: { pdng: { enum: ['unfunded', 'future-date'] }, newCorporateId: { enum: ['create', 'seeded'] } },
    },
    waivers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['reason', 'expires'],
        anyOf: [{ required: ['scenario'] }, { required: ['clause'] }],
        properties: {
          scenario: STR,
          clause: STR,
          reason: STR,
          expires: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      },
    },
    signing: {
      type: 'object',
      additionalProperties: false,
      description:
        'Request signing. The spec: "A signature that fails validation is rejected with 400"; it does not say which status a gateway in front of the bank uses.',
      properties: {
        rejectStatuses: {
          type: 'array',
          uniqueItems: true,
          items: { type: 'integer', minimum: 400, maximum: 499 },
          description:
            'Statuses counted as a signature rejection besides 400 (always counted). A 401 with _links.scaRedirect is always an acceptance: SCA is demanded after the signature was verified.',
        },
      },
    },
    fuzz: {
      type: 'object',
      additionalProperties: false,
      description: 'The signature fuzzer and properties.',
      properties: {
        baseRequest: {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'path'],
          description:
            'The request every mutation starts from; correctly signed, the bank must accept it (2xx, or 401 with _links.scaRedirect: "The server may ... demand SCA on any request"). Default GET /v1/accounts.',
          properties: {
            method: { type: 'string', pattern: '^[A-Z]+$' },
            path: { type: 'string', pattern: '^/' },
            query: { type: 'object', additionalProperties: { type: 'string' } },
            headers: { type: 'object', additionalProperties: { type: 'string' } },
            body: { description: 'JSON body (sent with Content-Type application/json)' },
          },
        },
      },
    },
    timeoutMs: { type: 'integer', minimum: 100, maximum: 600000 },
    concurrency: { type: 'integer', minimum: 1, maximum: 16 },
  },
} as const;

// Made on first use, from its kept code (kept-validator.ts): a cucumber worker takes the profile the run already
// checked (RunContext.profileChecked) and needs no validator.
let profileValidator: KeptValidator | undefined;
const validateProfile = (raw: unknown) =>
  (profileValidator ??= keptValidator(PROFILE_SCHEMA, { allErrors: true, strict: false }))(raw);

/** The form fields of the reference bank's SCA pages (src/bank): the default map. */
export const DEFAULT_FORM = {
  fields: { 'psu-identity': '{{psu.nationalId}}' },
  contextField: 'context',
  cancel: 'cancel',
  maxSteps: 10,
};

/** Browser steps for the reference bank's SCA pages: the default script. A wrong national identity
 * number ends the flow at the first page (the redirect stops the script); the context page is
 * conditional. */
export const DEFAULT_BROWSER: { steps: BrowserStep[]; cancelSteps: BrowserStep[] } = {
  steps: [
    { fill: 'input[name="psu-identity"]', value: '{{psu.nationalId}}' },
    { click: 'button[value="continue"]' },
    { if: 'input[name="context"]', check: 'input[name="context"][value="{{context}}"]' },
    { if: 'input[name="context"]', click: 'button[value="continue"]' },
    { waitForRedirect: true },
  ],
  cancelSteps: [{ click: 'button[value="cancel"]' }, { waitForRedirect: true }],
};

/** The default TPP-Redirect-URI: on loopback, so nothing the flow sends there could leave this machine
 * (the drivers stop before sending it anyway). */
export const DEFAULT_REDIRECT_URI = 'https://127.0.0.1/xs2a-conformance/callback';

/**
 * The TEST-ONLY identities (fixtures/certs): a second full-role TPP, an AI-only and a PI-only one (no TLS pair, like
 * the TEST-ONLY main one).
 */
export function testIdentities(): Profile['tpp']['identities'] {
  const one = (which: TestTpp): OtherTpp => ({ signing: testCredentials(which).qsealc });
  return { second: one('second-'), aiOnly: one('ai-only-'), piOnly: one('pi-only-') };
}

export function defaultProfile(): Profile {
  const { qsealc } = testCredentials();
  return {
    environment: 'sandbox',
    bookingStatuses: [...BOOKING_STATUSES],
    tpp: { signing: qsealc, redirectUri: DEFAULT_REDIRECT_URI, identities: testIdentities() },
    psus: { private: [{ ipAddress: '192.0.2.10' }], corporate: [{ ipAddress: '192.0.2.10' }] },
    psuPool: { private: 0, corporate: 0 },
    sca: { driver: 'form', origins: [], form: { ...DEFAULT_FORM, fields: { ...DEFAULT_FORM.fields } } },
    capabilities: {
      products: [
        'cross-border-credit-transfers',
        'norwegian-domestic-credit-transfers',
        'domestic-norway-credit-transfers',
        'instant-norwegian-domestic-credit-transfers-straks',
        'sepa-credit-transfers',
      ],
      approveBeforeRead: [...APPROVE_BEFORE_READ_PRODUCTS],
      bulkProducts: ['norwegian-domestic-credit-transfers'],
      periodicProducts: ['norwegian-domestic-credit-transfers'],
      feeInformation: ['instant-norwegian-credit-transfers-straks'],
      cancellationSca: ['ACTC'],
      sandbox: true,
      corporate: true,
      cardAccounts: true,
      baskets: true,
      bulk: true,
      periodic: true,
      roleChecks: false,
    },
    waivers: [],
    signing: { rejectStatuses: [400] },
    fuzz: { baseRequest: { ...DEFAULT_FUZZ_BASE } },
    timeoutMs: 10_000,
    concurrency: 4,
  };
}

/**
 * The profile with another SCA driver (`run --sca-driver`); the browser gets the default script when the profile has
 * none.
 */
/** The browser driver would run the reference bank's own script (the profile gives no sca.browser steps). */
export function referenceBrowserSteps(p: Profile): boolean {
  return p.sca.driver === 'browser' && (!p.sca.browser || p.sca.browser.steps === DEFAULT_BROWSER.steps);
}

export function withScaDriver(p: Profile, driver: Profile['sca']['driver']): Profile {
  return {
    ...p,
    sca: { ...p.sca, driver, browser: p.sca.browser ?? (driver === 'browser' ? { ...DEFAULT_BROWSER } : undefined) },
  };
}

function keyPath(instancePath: string, extra?: string): string {
  const p = instancePath.split('/').filter(Boolean).join('.');
  return [p, extra].filter(Boolean).join('.') || '(top level)';
}

/** Reads, validates and completes a profile. Throws ProfileError naming the key at fault. */
/** `checked`: the run already validated this file against the profile schema (a worker of that run). */
export function loadProfile(file: string, opts: { checked?: boolean } = {}): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ProfileError(`cannot read profile ${file}: ${(e as NodeJS.ErrnoException).code}`);
  }
  let raw: unknown;
  try {
    raw = /\.json$/i.test(file) ? JSON.parse(text) : yaml().parse(text);
  } catch (e) {
    throw new ProfileError(
      `profile ${file} is not valid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  return completeProfile(raw ?? {}, dirname(resolve(file)), file, opts);
}

const asList = (x: unknown): PsuIdentity[] => (Array.isArray(x) ? x : x ? [x as PsuIdentity] : []);
/** The profile's PSUs of one context, each over the defaults; none named: the defaults alone. */
const poolOf = (x: unknown, defaults: PsuIdentity): PsuIdentity[] => {
  const list = asList(x);
  return list.length ? list.map((p) => ({ ...defaults, ...p })) : [{ ...defaults }];
};

/**
 * The PSU the current worker acts for in `context`: its own entry of the profile's pool (by worker slot, at the time of
 * asking).
 */
export function psuOf(profile: Pick<Profile, 'psus'>, context: PsuContext, index = workerIndex()): PsuIdentity {
  return ownOf(context === 'CORPORATE' ? profile.psus.corporate : profile.psus.private, index) ?? {};
}
/** PSUs a profile entry names (a national id or a psu-id identifies one). */
const named = (x: unknown): number => asList(x).filter((p) => p.nationalId || p.psuId).length;

export function completeProfile(
  raw: unknown,
  baseDir: string,
  name = 'profile',
  opts: { checked?: boolean } = {},
): Profile {
  if (!opts.checked && !validateProfile(raw)) {
    const e = profileValidator!.errors![0];
    const extra =
      e.keyword === 'additionalProperties'
        ? (e.params as { additionalProperty: string }).additionalProperty
        : e.keyword === 'required'
          ? (e.params as { missingProperty: string }).missingProperty
          : undefined;
    const msg =
      e.keyword === 'additionalProperties'
        ? 'is not a known key'
        : e.keyword === 'required'
          ? 'is required'
          : e.keyword === 'enum'
            ? `must be one of ${(e.params as { allowedValues: string[] }).allowedValues.join(', ')}`
            : e.message;
    throw new ProfileError(`${name}: key ${keyPath(e.instancePath, extra)} ${msg}`);
  }
  const r = raw as Record<string, any>;
  const d = defaultProfile();
  const file = (p: string, key: string) => {
    try {
      return readFileSync(resolve(baseDir, p), 'utf8');
    } catch (e) {
      throw new ProfileError(`${name}: key ${key}: cannot read ${p} (${(e as NodeJS.ErrnoException).code})`);
    }
  };
  const binary = (p: string, key: string) => {
    try {
      return readFileSync(resolve(baseDir, p));
    } catch (e) {
      throw new ProfileError(`${name}: key ${key}: cannot read ${p} (${(e as NodeJS.ErrnoException).code})`);
    }
  };
  const ids = r.tpp?.identities ?? {};
  if (ids.main && r.tpp?.signing)
    throw new ProfileError(`${name}: key tpp.identities.main: the main identity is tpp.signing; give it once`);
  const signingOf = (x: { cert: string; key: string; keyId?: string }, key: string): TppIdentity => ({
    certPem: file(x.cert, `${key}.cert`),
    keyPem: file(x.key, `${key}.key`),
    keyId: x.keyId,
  });
  const mainSigning = r.tpp?.signing ?? ids.main?.signing;
  const signing = mainSigning
    ? signingOf(mainSigning, r.tpp?.signing ? 'tpp.signing' : 'tpp.identities.main.signing')
    : d.tpp.signing;
  /**
   * A client certificate as the profile gives it at `at`: PEM files, or a PKCS#12 file whose passphrase is in an
   * environment variable.
   */
  const clientTls = (
    x: { cert?: string; key?: string; pfx?: string; passphraseEnv?: string },
    at: string,
  ): OtherTpp['tls'] => {
    if (x.passphraseEnv && process.env[x.passphraseEnv] === undefined)
      throw new ProfileError(
        `${name}: key ${at}.passphraseEnv: the environment variable ${x.passphraseEnv} is not set`,
      );
    return {
      cert: x.cert && file(x.cert, `${at}.cert`),
      key: x.key && file(x.key, `${at}.key`),
      pfx: x.pfx ? binary(x.pfx, `${at}.pfx`) : undefined,
      passphrase: x.passphraseEnv ? process.env[x.passphraseEnv] : undefined,
    };
  };
  const mainTls = { ...(r.tpp?.tls ?? {}), ...(ids.main?.tls ?? {}) };
  const tls: TppTls | undefined =
    r.tpp?.tls || ids.main?.tls
      ? {
          ...clientTls(mainTls, ids.main?.tls ? 'tpp.identities.main.tls' : 'tpp.tls'),
          ca:
            mainTls.ca &&
            (Array.isArray(mainTls.ca)
              ? mainTls.ca.map((f: string, i: number) => file(f, `tpp.tls.ca[${i}]`))
              : file(mainTls.ca, 'tpp.tls.ca')),
          systemCa: mainTls.systemCa,
          servername: mainTls.servername,
          rejectUnauthorized: mainTls.rejectUnauthorized,
        }
      : undefined;
  // The other TPPs: as the profile names them; a profile that names no TPP of its own (the TEST-ONLY main identity)
  // gets the TEST-ONLY ones.
  const identities: Profile['tpp']['identities'] = mainSigning || r.tpp?.identities ? {} : d.tpp.identities;
  for (const k of IDENTITY_NAMES) {
    const x = ids[k];
    if (!x) continue;
    const at = `tpp.identities.${k}`;
    identities[k] = {
      signing: signingOf(x.signing, `${at}.signing`),
      tls: x.tls ? clientTls(x.tls, `${at}.tls`) : undefined,
    };
  }
  const driver = r.sca?.driver ?? d.sca.driver;
  const browser = r.sca?.browser ? { ...r.sca.browser } : driver === 'browser' ? { ...DEFAULT_BROWSER } : undefined;
  return {
    target: r.target,
    proxy: r.proxy,
    noProxy: r.noProxy,
    customerTypes: r.customerTypes,
    bookingStatuses: r.bookingStatuses ?? d.bookingStatuses,
    environment: r.environment ?? d.environment,
    tpp: { signing, tls, redirectUri: r.tpp?.redirectUri ?? d.tpp.redirectUri, identities },
    psus: {
      private: poolOf(r.psu?.private, d.psus.private[0]),
      corporate: poolOf(r.psu?.corporate, d.psus.corporate[0]),
    },
    psuPool: { private: named(r.psu?.private), corporate: named(r.psu?.corporate) },
    sca: {
      driver,
      origins: r.sca?.origins ?? d.sca.origins,
      form: { ...DEFAULT_FORM, ...(r.sca?.form ?? {}), fields: { ...(r.sca?.form?.fields ?? DEFAULT_FORM.fields) } },
      browser,
    },
    capabilities: { ...d.capabilities, ...(r.capabilities ?? {}) },
    clockControl: r.clockControl,
    batchControl: r.batchControl,
    templates: r.templates,
    operations: r.operations,
    responses: r.responses,
    preconditions: r.preconditions,
    waivers: r.waivers ?? [],
    signing: { rejectStatuses: [...new Set([400, ...(r.signing?.rejectStatuses ?? [])])] },
    fuzz: { baseRequest: r.fuzz?.baseRequest ?? d.fuzz.baseRequest },
    timeoutMs: r.timeoutMs ?? d.timeoutMs,
    concurrency: r.concurrency ?? d.concurrency,
  };
}

/**
 * The transport configuration of a profile (transport/): its TLS (tpp.tls: the main TPP's, or another
 * identity's merged over it) and its proxy, for the run's target (`run`: its RunContext). `embedded`:
 * the embedded reference bank on loopback, which no proxy of the environment stands in front of;
 * `embeddedTls`: that bank serves HTTPS and demands the TEST-ONLY QWAC (run --tls).
 */
export function transportOf(
  profile: Pick<Profile, 'tpp' | 'proxy' | 'noProxy'>,
  run: { embedded?: boolean; embeddedTls?: boolean } = {},
): TransportConfig {
  const tls = profile.tpp.tls;
  return {
    tls: run.embeddedTls ? { ...embeddedBankTls(), ...tls } : tls,
    proxy: run.embedded ? false : profile.proxy,
    noProxy: profile.noProxy,
  };
}
