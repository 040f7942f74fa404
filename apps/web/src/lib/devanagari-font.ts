import w400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import w500 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff2?url';
import w600 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';
import w700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import w800 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-800-normal.woff2?url';

/**
 * The bundled Devanagari font (ADR 148, ADR 162). Machines without an Indian font (a fresh Linux, some
 * Android skins) draw Hindi as boxes until it arrives, and Chromium keeps the boxes in text it drew
 * before the face loaded. So the faces are declared here with `font-display: block` (text waits
 * invisible instead of drawing boxes), and a Hindi reader's first screen waits for all five weights the
 * portal uses (i18n's `loadLanguage`, before the first render or a switch to Hindi), fetched at once and
 * side by side with the Hindi texts. An English reader downloads none unless a page shows Devanagari.
 */
export const DEVANAGARI_FAMILY = 'Noto Sans Devanagari';

/** The Devanagari block and its marks, the rupee sign and the joiners: the subset these files hold. */
const UNICODE_RANGE = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF';
const FILES: Record<string, string> = { 400: w400, 500: w500, 600: w600, 700: w700, 800: w800 };

/** How long a first Hindi screen waits for the font at most; after it, text shows as soon as the font comes. */
export const DEVANAGARI_WAIT_MS = 4000;

let faces: FontFace[] | undefined;

/** Declares the faces once (nothing is downloaded until a page uses them or `loadDevanagari` asks). */
export function registerDevanagariFaces(): FontFace[] {
  if (faces) return faces;
  if (typeof document === 'undefined' || !document.fonts || typeof FontFace === 'undefined') {
    faces = [];
    return faces;
  }
  faces = Object.entries(FILES).map(
    ([weight, url]) =>
      new FontFace(DEVANAGARI_FAMILY, `url(${url}) format('woff2')`, {
        weight,
        style: 'normal',
        display: 'block',
        unicodeRange: UNICODE_RANGE,
      }),
  );
  for (const face of faces) document.fonts.add(face);
  return faces;
}

let loading: Promise<void> | undefined;

/** Fetches every weight; resolves when they are in, or after `waitMs` (a slow network must not keep the page blank). */
export function loadDevanagari(waitMs = DEVANAGARI_WAIT_MS): Promise<void> {
  loading ??= Promise.allSettled(registerDevanagariFaces().map((face) => face.load())).then(() => undefined);
  return Promise.race([loading, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
