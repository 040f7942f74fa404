import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the portal made, as a reader would copy it: each font's ToUnicode map decodes the
 * glyph codes of the text operators that use that font. Enough for pdfkit's output (embedded font
 * subsets with 2-byte codes); not a general PDF parser.
 */
export function pdfText(bytes: Buffer): string {
  const { objects, fonts } = parse(bytes);
  return walk(objects, fonts)
    .map((r) => r.text)
    .join('')
    .replace(/\s+/g, '');
}
type Objects = Map<number, { dict: string; stream: string }>;

function parse(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  const objects: Objects = new Map();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream');
    const dict = at >= 0 ? body.slice(0, at) : body;
    let stream = '';
    if (at >= 0) {
      // the dictionary's /Length says where the data ends: the bytes before "endstream" may themselves be
      // a line end (a compressed stream ends in one about once in 256), so they cannot mark the end
      const length = Number(dict.match(/\/Length\s+(\d+)\b(?!\s+\d+\s+R)/)?.[1] ?? Number.NaN);
      if (!Number.isInteger(length)) throw new Error(`PDF object ${m[1]}: stream without a direct /Length`);
      const start = at + 6 + (body.startsWith('\r\n', at + 6) ? 2 : 1);
      const data = Buffer.from(body.slice(start, start + length), 'latin1');
      // a stream that does not inflate is a broken file, not an empty text
      stream = /\/FlateDecode/.test(dict) ? inflateSync(data).toString('latin1') : data.toString('latin1');
    }
    objects.set(Number(m[1]), { dict, stream });
  }

  const cmapOf = (id: number) => {
    const map = new Map<number, string>();
    const text = objects.get(id)?.stream ?? '';
    // UTF-16 code units, so characters beyond the basic plane come back whole
    const unhex = (h: string) => String.fromCharCode(...(h.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((c) => Number.parseInt(c, 16)));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F]+)>)/g)) {
        let code = Number.parseInt(r[1] ?? '0', 16);
        if (r[3] !== undefined) for (const u of r[3].matchAll(/<([0-9a-fA-F\s]*)>/g)) map.set(code++, unhex(u[1] ?? ''));
        else {
          const last = Number.parseInt(r[2] ?? '0', 16);
          const first = Number.parseInt(r[4] ?? '0', 16);
          for (let i = 0; code <= last; i++) map.set(code++, String.fromCharCode(first + i));
        }
      }
    }
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const r of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
        map.set(Number.parseInt(r[1] ?? '0', 16), unhex(r[2] ?? ''));
    return map;
  };
  // font resource names (/F1 …) → the glyph-code maps of their fonts
  const fonts = new Map<string, Map<number, string> | null>();
  for (const { dict } of objects.values()) {
    const block = dict.match(/\/Font\s*<<([\s\S]*?)>>/)?.[1];
    if (!block) continue;
    for (const f of block.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]))?.dict ?? '';
      const unicode = font.match(/\/ToUnicode\s+(\d+) 0 R/)?.[1];
      fonts.set(f[1] ?? '', unicode ? cmapOf(Number(unicode)) : null);
    }
  }
  return { objects, fonts };
}

/** One text run as drawn: its page (1-based), where it starts (PDF points, y up) and its text. */
export interface PdfRun {
  page: number;
  x: number;
  y: number;
  text: string;
}

/** The text runs of a PDF the portal made, in drawing order, with their positions. */
export function pdfRuns(bytes: Buffer): PdfRun[] {
  const { objects, fonts } = parse(bytes);
  return walk(objects, fonts);
}

/** a PDF literal string's bytes: (…) with its escapes */
function literalBytes(body: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const n = body[++i] ?? '';
    const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (n in simple) out.push(simple[n]!);
    else if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) oct += body[++i];
      out.push(Number.parseInt(oct, 8) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** UTF-16BE with a byte-order mark, else PDFDocEncoding (read as Latin-1) */
function pdfString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let text = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return text;
  }
  return bytes.toString('latin1');
}

function walk(objects: Objects, fonts: Map<string, Map<number, string> | null>): PdfRun[] {
  const runs: PdfRun[] = [];
  let page = 0;
  for (const { stream } of objects.values()) {
    if (!/\bBT\b/.test(stream)) continue;
    page++;
    let current: Map<number, string> | null = null;
    let run: PdfRun | null = null;
    // inside a span with ActualText, the glyphs are replaced by that text (Devanagari as written)
    let actual: string | null = null;
    let spanDepth = 0;
    const ops =
      /\/ActualText\s*\(((?:\\[\s\S]|[^\\)])*)\)[\s\S]*?BDC|\b(EMC)\b|(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) Tm|\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g;
    for (const t of stream.matchAll(ops)) {
      if (t[1] !== undefined) {
        actual = pdfString(literalBytes(t[1]));
        spanDepth = 1;
      } else if (t[2] !== undefined) {
        if (spanDepth > 0) spanDepth = 0;
        actual = null;
      } else if (t[3] !== undefined) {
        run = { page, x: Number(t[7]), y: Number(t[8]), text: '' };
        runs.push(run);
        if (actual !== null && spanDepth > 0) {
          run.text = actual;
          actual = '';
        }
      } else if (t[9] !== undefined) current = fonts.get(t[9]) ?? null;
      else if (run && !(spanDepth > 0)) {
        const hex = t[10] ?? '';
        run.text += current
          ? (hex.match(/.{4}/g) ?? []).map((c) => current?.get(Number.parseInt(c, 16)) ?? '').join('')
          : Buffer.from(hex, 'hex').toString('latin1');
      }
    }
  }
  return runs;
}
