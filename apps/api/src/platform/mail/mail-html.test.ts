import { describe, expect, it } from 'vitest';
import { listUnsubscribeHeaders, textToHtml } from './mail-html.ts';
import { textView } from './mailer.ts';

describe('the HTML part of e-mails (decision 256)', () => {
  it('is the same text, escaped, with clickable links and no remote images', () => {
    const html = textToHtml(
      'Hello <b>Abebe</b> & family,\nyour lesson "Maths" is booked.\n\nSee https://tibeb.example/student/sessions?id=1&x=2.',
    );
    expect(html).toContain('Hello &lt;b&gt;Abebe&lt;/b&gt; &amp; family,<br>');
    expect(html).toContain('your lesson &quot;Maths&quot; is booked.');
    expect(html).toContain(
      '<a href="https://tibeb.example/student/sessions?id=1&amp;x=2" style="color:#065f46">https://tibeb.example/student/sessions?id=1&amp;x=2</a>.',
    );
    expect(html).not.toMatch(/<img|<script|src=/i);
    expect(html).toContain('<html lang="en">');
    expect(textToHtml('ሰላም')).toContain('<html lang="am">');
  });

  it('never makes a link of a javascript: address', () => {
    expect(textToHtml('javascript:alert(1)')).not.toContain('<a ');
  });

  it('gives List-Unsubscribe headers to newsletter e-mails only', () => {
    expect(
      listUnsubscribeHeaders('unsubscribe: https://tibeb.example/api/newsletter/unsubscribe/?token=abc_-1'),
    ).toEqual({
      'List-Unsubscribe': '<https://tibeb.example/api/newsletter/unsubscribe/?token=abc_-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(listUnsubscribeHeaders('Your lesson is booked: https://tibeb.example/student')).toEqual({});
  });

  it('reads a multipart message as its headers and text part, as before HTML parts', () => {
    const eml = [
      'From: a@b.example',
      'Subject: Hi',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="--_b1"',
      '',
      '----_b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hello =3D there',
      '----_b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Hello</p>',
      '----_b1--',
    ].join('\n');
    expect(textView(eml)).toBe(
      [
        'From: a@b.example',
        'Subject: Hi',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Hello =3D there',
      ].join('\n'),
    );
    const single = 'Subject: Hi\nContent-Type: text/plain\n\nHello';
    expect(textView(single)).toBe(single);
  });
});
