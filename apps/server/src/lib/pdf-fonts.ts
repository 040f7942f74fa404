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

/** Registers the portal's PDF faces on a document (embedded as subsets) and selects the regular one. */
export function useIndianFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  doc.registerFont(PDF_FONT.regular, FONT_FILES.regular);
  doc.registerFont(PDF_FONT.bold, FONT_FILES.bold);
  return doc.font(PDF_FONT.regular);
}
