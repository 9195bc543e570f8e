/**
 * Parses a code list written the way the spec prints it: one line per first letter,
 * `A: AED AFN ...`. The lists are kept in that form so they can be read against the spec
 * line by line; the parser checks the transcription (letter, width, order) at load.
 */
export function parseGroupedCodes(block: string, width: number, what: string): readonly string[] {
  const codes: string[] = [];
  const pattern = new RegExp(`^[A-Z]{${width}}$`);
  for (const line of block.trim().split('\n')) {
    const match = /^([A-Z]): (.+)$/.exec(line.trim());
    if (!match) throw new Error(`${what}: malformed group line ${JSON.stringify(line)}`);
    const [, letter, rest] = match;
    for (const code of rest.trim().split(/\s+/)) {
      if (!pattern.test(code) || code[0] !== letter) {
        throw new Error(`${what}: ${JSON.stringify(code)} does not belong in group ${letter}`);
      }
      const previous = codes[codes.length - 1];
      if (previous !== undefined && previous >= code) {
        throw new Error(`${what}: ${code} follows ${previous}; the spec's lists are sorted and have no repeats`);
      }
      codes.push(code);
    }
  }
  return Object.freeze(codes);
}
