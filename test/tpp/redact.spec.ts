// A failed SCA page kept as evidence shows a profile author the form (field names, buttons, radio
// values, messages) but none of its secrets: the value of every text-like input and textarea, and the
// flow's own filled values wherever they appear. Trips on: a value attribute kept (the PSU's entry or a
// hidden token in the report), a choice's value masked (the profile author cannot name it), a national
// id left in the page's text, an endless page kept whole.
import { describe, expect, it } from 'vitest';
import { maskPage, PAGE_HTML_MAX } from '../../src/tpp/redact.ts';

const page = `<html><body><p>Welcome 01017012345, choose:</p><form>
<input name="psu-identity" type="text" value="01017012345">
<input type=hidden name=csrf value=tok-9f8e7d6c5b4a>
<input name="pin" type="password" value='secret-pin'>
<input type="radio" name="context" value="CORPORATE">
<textarea name="note">my own words</textarea>
<button type="submit" name="action" value="continue">Go</button>
<input type="submit" value="Cancel"></form></body></html>`;

describe('maskPage', () => {
  const out = maskPage(page, ['01017012345', undefined, 'ab']);

  it('masks the values of text-like inputs (text, hidden, password) and of textareas', () => {
    expect(out).toContain('name="psu-identity" type="text" value="*********45"');
    expect(out).toContain('value="**************4a"');
    expect(out).toContain('value="********in"');
    expect(out).toContain('<textarea name="note">**********ds</textarea>');
    for (const secret of ['01017012345', 'tok-9f8e7d6c5b4a', 'secret-pin', 'my own words'])
      expect(out).not.toContain(secret);
  });

  it('keeps the names, the choices and the buttons a profile author reads', () => {
    expect(out).toContain('<input type="radio" name="context" value="CORPORATE">');
    expect(out).toContain('value="continue"');
    expect(out).toContain('<input type="submit" value="Cancel">');
    expect(out).toContain('name="pin"');
  });

  it("masks the flow's own values in the page's text too (not a value of under 3 characters)", () => {
    expect(out).toContain('<p>Welcome *********45, choose:</p>');
    expect(maskPage('<p>ab cd</p>', ['ab'])).toBe('<p>ab cd</p>');
  });

  it('cuts an endless page, and says so', () => {
    const long = maskPage(`<p>${'x'.repeat(PAGE_HTML_MAX * 2)}</p>`);
    expect(long.length).toBeLessThan(PAGE_HTML_MAX + 100);
    expect(long).toMatch(/cut at 200000 characters/);
  });
});
