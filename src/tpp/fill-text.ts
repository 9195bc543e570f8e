// `{{name}}` placeholders in a text: the profile's templates and SCA field maps, and the body of a
// target's clock control (src/tpp/clock.ts), which is why it sits in the TPP toolkit.

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders of a text (profiles, SCA field maps, clock control bodies); unknown names become empty.
 */
export function fillText(text: string, vars: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_m, k: string) => String(vars[k] ?? ''));
}
