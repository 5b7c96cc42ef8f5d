/**
 * Whether an XML text declares a document type or entities (`<!DOCTYPE`, `<!ENTITY`, any case)
 * outside comments and CDATA sections. Such files are refused before any parser sees them:
 * fast-xml-parser expands internal entities into attribute values (a designator could come from
 * one) and xmldom keeps `&name;` as text, so neither may read a file's own declarations, however
 * harmless. One pass over the text, no backtracking, whatever the file holds.
 */
export function declaresDocumentType(xml: string): boolean {
  let at = xml.indexOf('<!');
  while (at !== -1) {
    if (xml.startsWith('<!--', at)) {
      const end = xml.indexOf('-->', at + 4);
      if (end === -1) return false;
      at = xml.indexOf('<!', end + 3);
    } else if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at + 9);
      if (end === -1) return false;
      at = xml.indexOf('<!', end + 3);
    } else {
      const word = xml.slice(at + 2, at + 9).toUpperCase();
      if (word === 'DOCTYPE' || word.startsWith('ENTITY')) return true;
      at = xml.indexOf('<!', at + 2);
    }
  }
  return false;
}

/** A coordinate as XML writes one: a decimal, an exponent allowed; never NaN, INF or hex. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a coordinate's text stands for, or undefined unless it is a finite decimal. */
export function finiteDecimal(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
