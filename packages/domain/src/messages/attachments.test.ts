import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_NAME_MAX, formatFileSize, sniffFileType } from './attachments.ts';
import { sendMessageSchema } from './contracts.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('file types by their bytes', () => {
  it('knows PDF, JPEG, PNG and WebP, whatever the name says', () => {
    expect(sniffFileType(text('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffFileType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else: HTML, SVG, a program, a RIFF that is not WebP, too few bytes', () => {
    for (const data of [
      text('<html><script>alert(1)</script>'),
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      text('MZ\u0090\u0000'),
      text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '),
      text('%PD'),
      bytes(0x89, 0x50, 0x4e),
      bytes(),
    ]) {
      expect(sniffFileType(data)).toBeNull();
    }
  });
});

describe('file names', () => {
  it('keeps the name for display with the real extension, without paths, quotes or controls', () => {
    expect(cleanFileName('Worksheet 3.PDF', 'application/pdf')).toBe('Worksheet 3.pdf');
    expect(cleanFileName('../../etc/pass"wd.pdf', 'image/png')).toBe('passwd.png');
    expect(cleanFileName('C:\\Users\\me\\scan.jpeg', 'image/jpeg')).toBe('scan.jpg');
    expect(cleanFileName('a\u0000b\u202Ecod.exe', 'application/pdf')).toBe('abcod.pdf');
    expect(cleanFileName('የቤት ሥራ.pdf', 'application/pdf')).toBe('የቤት ሥራ.pdf');
    expect(cleanFileName('...', 'application/pdf')).toBe('file.pdf');
    expect(cleanFileName('', 'image/webp')).toBe('file.webp');
    const long = cleanFileName('x'.repeat(500), 'application/pdf');
    expect(long).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('sizes read for people', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});

describe('a message with a file', () => {
  const id = '11111111-2222-4333-8444-555555555555';
  it('may have no text; without a file it needs text', () => {
    expect(sendMessageSchema.safeParse({ body: '', attachment_id: id }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ attachment_id: id }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ body: '  ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ body: 'hi', attachment_id: 'nope' }).success).toBe(false);
  });
});
