// The Gherkin rows of the catalogue: features/ name a tampering by its display name ("When the TPP
// reads the account list with "<tampering>""); each name is a row of one operator (its `gherkin`),
// with the operator's fixed choice. `tamperAs` turns an operator and a choice into the TPP client's
// RequestSpec.tamper hook: the operator runs on the client's signed request, with its signing.
import type { HttpRequest } from '../http-message.ts';
import { testCredentials } from '../fixtures.ts';
import type { SignedRequest } from '../sign.ts';
import { signingIdentity } from '../signing-identity.ts';
import { CATALOGUE } from './catalogue.ts';
import type { GherkinRow, MutationOperator, OperatorContext, SigningAtHand, TppKey } from './types.ts';

export interface GherkinTampering {
  /** The row's display name in features/. */
  name: string;
  operator: MutationOperator;
  row: GherkinRow<unknown>;
}

/** Every Gherkin tampering name, with its operator and row. */
export const GHERKIN_TAMPERINGS: ReadonlyMap<string, GherkinTampering> = (() => {
  const m = new Map<string, GherkinTampering>();
  for (const operator of CATALOGUE) {
    for (const row of operator.gherkin ?? []) {
      if (m.has(row.name))
        throw new Error(
          `Gherkin tampering "${row.name}" is named by ${m.get(row.name)!.operator.id} and ${operator.id}`,
        );
      m.set(row.name, { name: row.name, operator, row });
    }
  }
  return m;
})();

/** The tampering a Gherkin row names; throws naming the known names. */
export function gherkinTampering(name: string): GherkinTampering {
  const t = GHERKIN_TAMPERINGS.get(name);
  if (!t) throw new Error(`unknown tampering "${name}"; known: ${[...GHERKIN_TAMPERINGS.keys()].join('; ')}`);
  return t;
}

/** The row's choice for this signed request. */
const valueOf = (row: GherkinRow<unknown>, signed: SignedRequest): unknown =>
  'valueFor' in row ? row.valueFor(signed) : row.value;

let otherKey: TppKey | undefined;
/** Another TPP's key and certificate (TEST-ONLY fixtures, another CA), read when an operator asks for it. */
function otherTpp(): TppKey {
  if (!otherKey) {
    const { certPem, keyPem } = testCredentials('ai-only-').qsealc;
    otherKey = signingIdentity(certPem, keyPem);
  }
  return otherKey;
}

/**
 * The RequestSpec.tamper hook that spoils a request with `operator`: the choice is a Gherkin row (or
 * a fixed value); the operators that write a Date of their own write it from the signing clock's now,
 * moved out by `transitMs` (OperatorContext.transitMs).
 */
export function tamperAs(
  operator: MutationOperator,
  choice: { row: GherkinRow<unknown> } | { value: unknown },
  transitMs = 0,
): (at: SigningAtHand) => HttpRequest {
  return (at) => {
    const ctx: OperatorContext<unknown> = {
      value: 'row' in choice ? valueOf(choice.row, at.signed) : choice.value,
      now: at.now,
      transitMs,
      unsigned: at.unsigned,
      sign: (req, opts, key) => at.sign(req, opts, key),
      key: at.key,
      get other() {
        return otherTpp();
      },
    };
    return operator.apply(at.signed, ctx);
  };
}
