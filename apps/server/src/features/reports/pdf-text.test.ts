import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

describe('pdfText', () => {
  it('keeps what Windows-1252 has: ASCII, accents, °, €, dashes and curly quotes', () => {
    const kept = 'Prés du Lac «Ferme» 20 °C – 5 € “ok” Ølby Straße';
    expect(pdfText(kept)).toBe(kept);
  });

  it('drops accents Windows-1252 lacks and spells Latin look-alikes plainly', () => {
    expect(pdfText('Łąka Północ')).toBe('Laka Pólnoc');
    expect(pdfText('Őrség ı')).toBe('Orség i');
    // A decomposed "é" (e + combining accent) is composed, not split.
    expect(pdfText('Pre\u0301s')).toBe('Prés');
  });

  it('turns other scripts and emoji into one ? per character', () => {
    expect(pdfText('农场 🐄')).toBe('?? ?');
    expect(pdfText('Ферма')).toBe('?????');
    expect(pdfText('👨‍👩‍👧')).toBe('???');
  });

  it('removes control, format and bidirectional characters; line breaks read as spaces', () => {
    expect(pdfText('a\u0000b\u0007c')).toBe('abc');
    expect(pdfText('North\r\n40\tHay')).toBe('North  40 Hay');
    expect(pdfText('evil\u202Eexe.pdf\u200B')).toBe('evilexe.pdf');
    expect(pdfText('\u0085\u009F')).toBe('');
  });

  it('leaves nothing the font would encode wrongly, whatever comes in', () => {
    const everything = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join('');
    for (const char of pdfText(everything)) {
      const code = char.codePointAt(0) as number;
      expect(code <= 0xff || char === '€' || '‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(char)).toBe(
        true,
      );
    }
  });
});
