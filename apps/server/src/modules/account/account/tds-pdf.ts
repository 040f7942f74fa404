import type { Declaration } from '@bhada/contracts/account/account';
import { loadPdfKit } from '../../../lib/document-libraries.ts';
import { PDF_FONT, useIndianFonts } from '../../../lib/pdf-fonts.ts';

export type DeclarationLang = 'en' | 'hi';

/** The words around the declaration's text in each language. */
const WORDS = {
  en: {
    reference: (id: string, code: string) => `Reference ${id} · Operator code ${code}`,
    carriages: (n: number) => `Goods carriages owned (${n})`,
    place: 'Place',
    date: 'Date',
    mobile: 'Mobile',
    signedBy: (name: string, pan: string) => `Signed electronically by ${name} (PAN ${pan})`,
    signedOn: (at: string) => `Signed on the Bhada portal after a one-time-password login, ${at} India time.`,
  },
  hi: {
    reference: (id: string, code: string) => `संदर्भ ${id} · ऑपरेटर कोड ${code}`,
    carriages: (n: number) => `स्वामित्व वाले मालवाहक वाहन (${n})`,
    place: 'स्थान',
    date: 'तारीख',
    mobile: 'मोबाइल',
    signedBy: (name: string, pan: string) => `${name} (PAN ${pan}) द्वारा इलेक्ट्रॉनिक रूप से हस्ताक्षरित`,
    signedOn: (at: string) => `भाड़ा पोर्टल पर वन-टाइम पासवर्ड से लॉगिन के बाद हस्ताक्षरित, ${at} भारतीय समय।`,
  },
};

/** The Hindi text of each kind, the same statements as the English one. */
function hindiText(d: Declaration): { title: string; paragraphs: string[] } {
  const fy = d.financialYear;
  const who = `मैं, ${d.name}, पुत्र/पुत्री ${d.fatherName}, निवासी ${d.street}, ${d.city}, ${d.state} ${d.pinCode}, PAN ${d.panNumber} धारक,`;
  if (d.kind === 'TDS_DECLARATION') {
    return {
      title: 'आयकर अधिनियम, 1961 की धारा 194C(6) के अंतर्गत घोषणा',
      paragraphs: [
        `${who} मालवाहक वाहनों को चलाने, किराये पर देने या लीज़ पर देने के व्यवसाय में लगा/लगी हूँ।`,
        `मैं घोषणा करता/करती हूँ कि वित्त वर्ष ${fy} (${d.startDate} से ${d.endDate} तक) में किसी भी समय मेरे पास दस से अधिक मालवाहक वाहन नहीं हैं, और मेरे स्वामित्व वाले मालवाहक वाहन नीचे दिए गए हैं।`,
        'मेरा अनुरोध है कि इस अवधि में माल ढुलाई के लिए मुझे किए गए भुगतानों पर धारा 194C के अंतर्गत स्रोत पर कर न काटा जाए, और इसके लिए मैं अपना PAN दे रहा/रही हूँ।',
        'यदि इस अवधि में किसी भी समय मेरे पास दस से अधिक मालवाहक वाहन हो जाते हैं, तो मैं तुरंत भाड़ा को सूचित करूँगा/करूँगी, जिसके बाद मुझे किए गए भुगतानों पर कर काटा जा सकता है।',
      ],
    };
  }
  return {
    title: 'ट्रांसपोर्टर का वचन-पत्र',
    paragraphs: [
      `${who} वित्त वर्ष ${fy} (${d.startDate} से ${d.endDate} तक) के लिए यह वचन-पत्र देता/देती हूँ।`,
      'मैं पुष्टि करता/करती हूँ कि मेरे द्वारा दी गई धारा 194C(6) की घोषणा सही है, नीचे दिए गए मालवाहक वाहन मेरे स्वामित्व में हैं, और मैंने क़ानून के अनुसार अपने आयकर रिटर्न भरे हैं।',
      'यदि मेरा कोई कथन असत्य पाए जाने के कारण कोई कर, ब्याज या जुर्माना देय होता है, तो मैं उसे चुकाऊँगा/चुकाऊँगी और भाड़ा तथा मुझे भुगतान करने वाले कंसाइनरों को उसके हिस्से की हर हानि से बचाऊँगा/बचाऊँगी।',
    ],
  };
}

/** The text of each kind (ADR 111): section 194C(6) of the Income-tax Act, 1961, and the undertaking. */
export function declarationText(d: Declaration, lang: DeclarationLang = 'en'): { title: string; paragraphs: string[] } {
  if (lang === 'hi') return hindiText(d);
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
export async function declarationPdf(d: Declaration, signedAt: string, lang: DeclarationLang = 'en'): Promise<Buffer> {
  const { title, paragraphs } = declarationText(d, lang);
  const w = WORDS[lang];
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
  doc.moveDown(0.4).font(PDF_FONT.regular).fontSize(9).text(w.reference(d.id, d.opCode), { align: 'center' });
  doc.moveDown(1.2).fontSize(11);
  for (const p of paragraphs) doc.text(p, { align: 'justify' }).moveDown(0.7);
  doc.font(PDF_FONT.bold).text(w.carriages(d.vehicleNumber.length)).moveDown(0.3);
  doc.font(PDF_FONT.regular);
  d.vehicleNumber.forEach((v, i) => {
    doc.text(`${i + 1}. ${v}`);
  });
  doc.moveDown(1.5);
  doc.text(`${w.place}: ${d.city}`);
  doc.text(`${w.date}: ${d.currentDate}`);
  doc.text(`${w.mobile}: ${d.number}`);
  doc.moveDown(1.2).font(PDF_FONT.bold).text(w.signedBy(d.name, d.panNumber));
  doc.font(PDF_FONT.regular).fontSize(9).text(w.signedOn(signedAt));
  doc.end();
  return done;
}
