import { createRequire } from 'node:module';

const resolveModule = createRequire(import.meta.url);

/**
 * Noto Sans Devanagari (SIL Open Font License): Latin, Devanagari and the ₹ sign in one face, so every
 * PDF the portal makes prints rupees and Hindi names as they are (the standard PDF fonts have neither).
 */
const FONT_FILES = {
  regular: resolveModule.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: resolveModule.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

/** The face names every PDF uses after `useIndianFonts(doc)`. */
export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold' } as const;

/**
 * Devanagari whose shaped glyphs leave reading order: the vowel sign ि (drawn before its consonant) and a
 * reph (र् before a consonant, drawn after its syllable). Other lines copy back as typed and stay unmarked.
 */
const REORDERED = /\u093F|\u0930\u094D(?=[\u0915-\u0939])/;

type Fragment = (this: PDFKit.PDFDocument, text: string, x: number, y: number, options: unknown) => void;
type WithFragment = PDFKit.PDFDocument & { _fragment: Fragment };

/**
 * Registers the portal's PDF faces on a document (embedded as subsets) and selects the regular one.
 *
 * Shaped Devanagari puts glyphs in visual order (the vowel sign ि before its consonant, a reph after its
 * syllable), so a reader copying or searching the text met "िहस्से" for "हिस्से". Every line of text that
 * holds Devanagari is therefore written inside a marked-content span whose /ActualText is the line as typed
 * (PDF 1.7 §14.9.4): viewers, `pdftotext` and search read the logical string, the page shows the shaped one.
 */
export function useIndianFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  doc.registerFont(PDF_FONT.regular, FONT_FILES.regular);
  doc.registerFont(PDF_FONT.bold, FONT_FILES.bold);
  const shaped = doc as WithFragment;
  const fragment = shaped._fragment;
  shaped._fragment = function (text, x, y, options) {
    if (!REORDERED.test(text)) return fragment.call(this, text, x, y, options);
    this.markContent('Span', { actual: text } as PDFKit.Mixins.MarkingOptions);
    fragment.call(this, text, x, y, options);
    this.endMarkedContent();
  };
  return doc.font(PDF_FONT.regular);
}
