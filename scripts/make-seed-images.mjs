// Renders the demo POD and bilti papers to small JPEGs with the machine's Chromium, for the seed
// (apps/server/src/seed/assets). Run: node scripts/make-seed-images.mjs — the output is committed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const out = join(import.meta.dirname, '../apps/server/src/seed/assets');
mkdirSync(out, { recursive: true });

const paper = (title, lines, stamp) => `<!doctype html><html><body style="margin:0;background:#efe9dc;font-family:'DejaVu Serif',serif">
<div style="margin:14px;padding:16px;background:#fffdf6;border:1px solid #b9ad94;height:520px;box-shadow:2px 3px 0 #cfc5b0">
<div style="font-size:22px;font-weight:bold;border-bottom:2px solid #333;padding-bottom:6px">${title}</div>
${lines.map(([k, v]) => `<div style="display:flex;justify-content:space-between;border-bottom:1px dotted #999;padding:7px 0;font-size:14px"><span>${k}</span><span style="font-family:'DejaVu Sans Mono',monospace;color:#123a7a">${v}</span></div>`).join('')}
<div style="margin-top:26px;font-size:13px">Received the above goods in good order and condition.</div>
<svg width="220" height="70" style="margin-top:8px"><path d="M5 50 C30 10, 45 70, 70 35 S110 10, 125 45 S170 60, 210 20" stroke="#1d3f8f" stroke-width="2.5" fill="none"/></svg>
<div style="font-size:12px;color:#555">Signature of consignee</div>
<div style="position:absolute;right:40px;top:390px;transform:rotate(-14deg);border:3px solid #b3261e;color:#b3261e;padding:6px 10px;font:bold 18px 'DejaVu Sans',sans-serif;border-radius:6px">${stamp}</div>
</div></body></html>`;

const docs = [
  [
    'pod-1.jpg',
    paper(
      'PROOF OF DELIVERY',
      [
        ['LR no.', '4471/26'],
        ['Packages', '600 bags'],
        ['Weight', '30.0 t'],
        ['Shortage', 'Nil'],
        ['Damage', 'Nil'],
        ['Received on', 'as stamped'],
      ],
      'RECEIVED',
    ),
  ],
  [
    'pod-2.jpg',
    paper(
      'DELIVERY CHALLAN (copy)',
      [
        ['Challan no.', 'DC-88213'],
        ['Vehicle', 'as per LR'],
        ['Packages', '600 bags'],
        ['Gate entry', 'G-1142'],
        ['Unloaded by', 'Depot labour'],
        ['Remarks', 'OK'],
      ],
      'GATE PASSED',
    ),
  ],
  [
    'bilti-1.jpg',
    paper(
      'BILTI / LORRY RECEIPT',
      [
        ['LR no.', '4471/26'],
        ['Consignor', 'as per load'],
        ['Consignee', 'as per load'],
        ['Goods', 'Cement, 600 bags'],
        ['Freight', 'To pay'],
        ['Declared value', 'as per invoice'],
      ],
      'ORIGINAL',
    ),
  ],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 420, height: 570 } });
for (const [name, html] of docs) {
  await page.setContent(html);
  await page.screenshot({ path: join(out, name), type: 'jpeg', quality: 55 });
}
await browser.close();
console.log(`wrote ${docs.length} images to ${out}`);
