import fc from 'fast-check';
import { expect, test } from 'vitest';
import { escapeHtml, html, joinHtml } from './html.ts';

const decodeEntities = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

test('interpolated text can never open a tag or leave a quoted attribute, and reads back unchanged', () => {
  fc.assert(
    fc.property(fc.string(), (text) => {
      const markup = html`<p title="${text}">${text}</p>`.markup;
      const inner = markup.slice('<p title="'.length, markup.length - '</p>'.length);
      expect(inner.replace(/[^<>"']/g, '')).toBe('">');
      expect(decodeEntities(escapeHtml(text))).toBe(text);
    }),
  );
});

test('fragments made by the tag nest as markup; look-alike objects are escaped', () => {
  const inner = html`<b>${'x'}</b>`;
  expect(html`<p>${inner}</p>`.markup).toBe('<p><b>x</b></p>');
  const forged = { markup: '<script>alert(1)</script>' };
  expect(html`<p>${forged as never}</p>`.markup).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
});

test('lists are joined, and null, undefined and booleans render nothing', () => {
  expect(html`${['a', html`<i>b</i>`, null, undefined, false, true, 3]}`.markup).toBe('a<i>b</i>3');
  expect(joinHtml(['<a>', 'b'], ', ').markup).toBe('&lt;a&gt;, b');
});
