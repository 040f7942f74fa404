import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

/** A one-page PDF whose content stream is compressed as given (no font map: hex text reads as Latin-1). */
function pdfWith(data: Buffer, length = data.length) {
  return Buffer.concat([
    Buffer.from(`%PDF-1.3\n1 0 obj\n<< /Length ${length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

/** The first content, among variants, whose compressed bytes end in a carriage return. */
function compressedEndingInCarriageReturn() {
  for (let n = 0; ; n++) {
    const data = deflateSync(Buffer.from(`BT /F1 12 Tf 1 0 0 1 10 10 Tm <48656c6c6f> Tj ET\n% ${n}`, 'latin1'));
    if (data.at(-1) === 0x0d) return data;
  }
}

describe('the PDF text reader of the tests', () => {
  it('reads a stream whose compressed bytes end in a line end (the stream ends where /Length says)', () => {
    const data = compressedEndingInCarriageReturn();
    expect(pdfText(pdfWith(data))).toBe('Hello');
  });

  it('refuses a stream that does not inflate instead of reading no text', () => {
    const data = deflateSync(Buffer.from('BT /F1 12 Tf 1 0 0 1 10 10 Tm <48656c6c6f> Tj ET', 'latin1'));
    expect(() => pdfText(pdfWith(data.subarray(0, -2)))).toThrow(/unexpected end of file/);
  });
});
