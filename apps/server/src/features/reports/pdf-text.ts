// The PDF is written with pdfkit's standard Helvetica, whose text is WinAnsi (Windows-1252)
// encoded: no font file ships with us and none in node_modules covers other scripts
// (docs/product.md#reports). pdfkit writes a character outside WinAnsi as the wrong bytes, so
// every text that reaches the PDF (names people typed above all) goes through `pdfText` first.

// Characters of 0x80–0x9F in Windows-1252, by their Unicode code points.
const WIN_ANSI_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x017e, 0x0178,
]);

/** Latin letters that do not decompose into a base letter and a mark. */
const LATIN_LOOKALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  '\u2212': '-',
  '\u00a0': ' ',
};

/** What stands for a character the font cannot draw. */
export const UNDRAWABLE = '?';

const drawable = (code: number) =>
  (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);

/**
 * Text the standard PDF fonts draw as it reads: accents kept where Windows-1252 has the letter
 * ('é', '°'), else dropped ('ő' → 'o'); control, format and bidirectional characters removed (a
 * line break becomes a space); anything else (another script, an emoji) becomes one '?' per
 * character, so a hostile name can neither break the file nor hide what it is.
 * @example pdfText('Prés du Lac 20 °C') // 'Prés du Lac 20 °C'
 * @example pdfText('Łąka\nPółnoc') // 'Laka Pólnoc'
 * @example pdfText('农场 🐄') // '?? ?'
 */
export function pdfText(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) as number;
    if (drawable(code)) out += char;
    else if (code === 0x0a || code === 0x0d || code === 0x09) out += ' ';
    else if (/\p{C}/u.test(char)) continue;
    else if (LATIN_LOOKALIKES[char] !== undefined) out += LATIN_LOOKALIKES[char];
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out +=
        base !== '' && [...base].every((c) => drawable(c.codePointAt(0) as number))
          ? base
          : UNDRAWABLE;
    }
  }
  return out;
}
