// The one script the browser SCA driver runs in SCA pages, kept as text: it goes to the page as it
// is written (a compiled function could carry helpers of the build that the page does not have).

export type ElementOp = 'count' | 'fill' | 'check' | 'click';
export type ElementAnswer = { count?: number; x?: number; y?: number; done?: boolean; error?: string };

/**
 * `(selector, op, ms) => Promise<ElementAnswer>`.
 * Runs in the page: finds the element and waits (polling, until `ms` have passed) until it can take
 * the action: visible, enabled, editable for `fill`, and the element a click at its centre would
 * hit. Answers the point to click, or why it could not.
 */
export const ELEMENT_IN_PAGE = String.raw`function (selector, op, ms) {
  const deadline = Date.now() + ms;
  const find = () => {
    if (!selector.startsWith('text=')) return document.querySelector(selector);
    const words = selector.slice(5).trim().replace(/^["']|["']$/g, '').replace(/\s+/g, ' ').toLowerCase();
    let best = null;
    for (const e of Array.from(document.body ? document.body.querySelectorAll('*') : [])) {
      const t = (e.innerText ?? e.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
      const v = e instanceof HTMLInputElement && /^(submit|button|reset)$/.test(e.type) ? e.value.toLowerCase() : '';
      if ((t.includes(words) || v.includes(words)) && (!best || best.contains(e))) best = e;
    }
    return best;
  };
  const name = (e) => '<' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '>';
  return new Promise((resolve) => {
    let why = 'no element matches it';
    const tick = () => {
      let e;
      try {
        e = find();
      } catch (err) {
        resolve({ error: 'not a valid selector: ' + err.message });
        return;
      }
      // count: present now, or absent once the page had ms to settle (a late script may add it).
      if (op === 'count') {
        if (e || Date.now() >= deadline) {
          resolve({ count: e ? 1 : 0 });
          return;
        }
        setTimeout(tick, 25);
        return;
      }
      if (e) {
        const box = e.getBoundingClientRect();
        const input = e;
        if (!box.width || !box.height || getComputedStyle(e).visibility !== 'visible') why = name(e) + ' is not visible';
        else if (input.disabled || e.closest('fieldset:disabled')) why = name(e) + ' is disabled';
        else if (op === 'fill' && !((e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement) && !input.readOnly) && !e.isContentEditable) why = name(e) + ' is not an editable field';
        else {
          e.scrollIntoView({ block: 'center', inline: 'center' });
          const r = e.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (op === 'fill') {
            e.focus();
            if (typeof input.select === 'function') input.select();
            else {
              const range = document.createRange();
              range.selectNodeContents(e);
              getSelection()?.removeAllRanges();
              getSelection()?.addRange(range);
            }
            resolve({ x, y });
            return;
          }
          if (op === 'check' && input.checked) {
            resolve({ done: true });
            return;
          }
          const hit = document.elementFromPoint(x, y);
          if (hit && (hit === e || e.contains(hit) || Array.from(input.labels ?? []).some((l) => l === hit || l.contains(hit)))) {
            resolve({ x, y });
            return;
          }
          why = (hit ? name(hit) : 'nothing') + ' would receive the click instead of ' + name(e);
        }
      }
      if (Date.now() >= deadline) resolve({ error: why });
      else setTimeout(tick, 25);
    };
    tick();
  });
}`;
