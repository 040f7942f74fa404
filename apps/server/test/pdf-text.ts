import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF the portal made, as a reader would copy it: each font's ToUnicode map decodes the
 * glyph codes of the text operators that use that font. Enough for pdfkit's output (embedded font
 * subsets with 2-byte codes); not a general PDF parser.
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string }>();
  for (const m of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream');
    const dict = at >= 0 ? body.slice(0, at) : body;
    let stream = '';
    if (at >= 0) {
      const data = body
        .slice(at + 6)
        .replace(/^\r?\n/, '')
        .replace(/\r?\nendstream[\s\S]*$/, '');
      try {
        stream = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
      } catch {
        stream = data;
      }
    }
    objects.set(Number(m[1]), { dict, stream });
  }

  const cmapOf = (id: number) => {
    const map = new Map<number, string>();
    const text = objects.get(id)?.stream ?? '';
    const unhex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((c) => Number.parseInt(c, 16)));
    for (const r of text.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
      let code = Number.parseInt(r[1] ?? '0', 16);
      for (const u of (r[3] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)) map.set(code++, unhex(u[1] ?? ''));
    }
    for (const r of text.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>(?!\s*[[<])/g))
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

  let out = '';
  for (const { stream } of objects.values()) {
    if (!/\bBT\b/.test(stream)) continue;
    let current: Map<number, string> | null = null;
    for (const t of stream.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>/g)) {
      if (t[1] !== undefined) current = fonts.get(t[1]) ?? null;
      else if (current) out += (t[2]?.match(/.{4}/g) ?? []).map((c) => current?.get(Number.parseInt(c, 16)) ?? '').join('');
      else out += Buffer.from(t[2] ?? '', 'hex').toString('latin1');
    }
  }
  return out.replace(/\s+/g, '');
}
