import type { Declaration } from '@bhada/contracts/account/account';
import { loadPdfKit } from '../../../lib/document-libraries.ts';
import { PDF_FONT, useIndianFonts } from '../../../lib/pdf-fonts.ts';

/** The text of each kind (ADR 111): section 194C(6) of the Income-tax Act, 1961, and the undertaking. */
export function declarationText(d: Declaration): { title: string; paragraphs: string[] } {
  const fy = d.financialYear;
  if (d.kind === 'TDS_DECLARATION') {
    return {
      title: 'Declaration under section 194C(6) of the Income-tax Act, 1961',
      paragraphs: [
        `I, ${d.name}, son/daughter of ${d.fatherName}, resident of ${d.street}, ${d.city}, ${d.state} ${d.pinCode}, holding PAN ${d.panNumber}, am engaged in the business of plying, hiring or leasing goods carriages.`,
        `I hereby declare that I do not own more than ten goods carriages at any time during the financial year ${fy} (from ${d.startDate} to ${d.endDate}), and that the goods carriages owned by me are those listed below.`,
        'I request that no tax be deducted at source under section 194C on payments made to me for the carriage of goods during this period, and I furnish my PAN for this purpose.',
        'I undertake to inform Bhada at once if at any time during this period I own more than ten goods carriages, after which tax may be deducted on payments made to me.',
      ],
    };
  }
  return {
    title: 'Undertaking by the transporter',
    paragraphs: [
      `I, ${d.name}, son/daughter of ${d.fatherName}, resident of ${d.street}, ${d.city}, ${d.state} ${d.pinCode}, holding PAN ${d.panNumber}, give this undertaking for the financial year ${fy} (from ${d.startDate} to ${d.endDate}).`,
      'I confirm that the declaration under section 194C(6) furnished by me is true, that the goods carriages listed below are owned by me, and that I have filed my income-tax returns as the law requires.',
      'If any tax, interest or penalty becomes payable because a statement of mine is found to be untrue, I shall pay it and indemnify Bhada and the consigners who paid me against it.',
    ],
  };
}

/** The signed declaration as a PDF (A4, in the portal's PDF face, which prints Hindi names too). */
export async function declarationPdf(d: Declaration, signedAt: string): Promise<Buffer> {
  const { title, paragraphs } = declarationText(d);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: d.name, Subject: `PAN ${d.panNumber}` } });
  useIndianFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(PDF_FONT.bold).fontSize(14).text(title, { align: 'center' });
  doc.moveDown(0.4).font(PDF_FONT.regular).fontSize(9).text(`Reference ${d.id} · Operator code ${d.opCode}`, { align: 'center' });
  doc.moveDown(1.2).fontSize(11);
  for (const p of paragraphs) doc.text(p, { align: 'justify' }).moveDown(0.7);
  doc.font(PDF_FONT.bold).text(`Goods carriages owned (${d.vehicleNumber.length})`).moveDown(0.3);
  doc.font(PDF_FONT.regular);
  d.vehicleNumber.forEach((v, i) => {
    doc.text(`${i + 1}. ${v}`);
  });
  doc.moveDown(1.5);
  doc.text(`Place: ${d.city}`);
  doc.text(`Date: ${d.currentDate}`);
  doc.text(`Mobile: ${d.number}`);
  doc.moveDown(1.2).font(PDF_FONT.bold).text(`Signed electronically by ${d.name} (PAN ${d.panNumber})`);
  doc.font(PDF_FONT.regular).fontSize(9).text(`Signed on the Bhada portal after a one-time-password login, ${signedAt} India time.`);
  doc.end();
  return done;
}
