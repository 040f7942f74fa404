import { spawnSync } from 'node:child_process';

/**
 * `pdftotext` (poppler-utils) reads a PDF as an outside reader does: copy, search, screen readers. Tests that
 * need it are skipped when it is not installed, and say so in their name.
 */
export const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
export const NEEDS_PDFTOTEXT = hasPdftotext ? '' : ' [skipped: pdftotext not installed, apt-get install poppler-utils]';

/** The text of a PDF as pdftotext gives it, spaces and line breaks as they come. */
export function pdftotext(bytes: Buffer): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  return run.stdout.toString('utf8');
}
