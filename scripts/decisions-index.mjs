// The decisions index: docs/decisions/README.md lists every ADR with its number, title, area, date and status,
// read from the header lines under each ADR's title. `node scripts/decisions-index.mjs` writes it;
// `--check` (run by `npm run lint`) fails when an ADR lacks a header line or the index is not up to date.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const indexPath = `${dir}README.md`;
const AREAS = ['platform', 'account', 'marketplace', 'trips', 'fleet', 'money', 'support', 'operations'];

function readDecision(file) {
  const lines = readFileSync(dir + file, 'utf8').split('\n');
  const title = lines[0].replace(/^#\s*\d+\s*[—.:-]\s*/, '').trim();
  const field = (name) =>
    lines
      .slice(1, 10)
      .find((l) => l.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  const problems = [];
  const status = field('Status');
  const date = field('Date');
  const area = field('Area');
  if (!lines[0].startsWith('# ')) problems.push('the first line is not a "# NNN — title" heading');
  if (!status || !/^(accepted|superseded|proposed)/.test(status)) problems.push('no "Status:" line (accepted, superseded …)');
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push('no "Date: YYYY-MM-DD" line');
  if (!area || !AREAS.includes(area)) problems.push(`no "Area:" line naming one of ${AREAS.join(', ')}`);
  return { file, number: file.slice(0, 3), title, status, date, area, problems };
}

const decisions = readdirSync(dir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort()
  .map(readDecision);

const cell = (s) => String(s ?? '').replaceAll('|', '\\|');
const index = [
  '# Decisions',
  '',
  'Every architecture decision of the project, one file each. Each file starts with its title and three lines:',
  '`Status:` (accepted, or superseded — in part — by a later number), `Date:` and `Area:` (the business part:',
  `${AREAS.join(', ')}). This index is written by \`node scripts/decisions-index.mjs\`; \`npm run lint\` fails`,
  'when a file is missing here or its header lines are. A new decision takes the next free number.',
  '',
  'How to add a domain to the code: [../adding-an-area.md](../adding-an-area.md).',
  '',
  '| no. | decision | area | date | status |',
  '|---|---|---|---|---|',
  ...decisions.map((d) => `| ${d.number} | [${cell(d.title)}](${d.file}) | ${d.area} | ${d.date} | ${cell(d.status)} |`),
  '',
].join('\n');

const problems = decisions.flatMap((d) => d.problems.map((p) => `${d.file}: ${p}`));
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(indexPath, 'utf8');
  } catch {}
  if (current !== index) problems.push('docs/decisions/README.md is not up to date: run `node scripts/decisions-index.mjs`');
  if (problems.length) {
    console.error(`decisions: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`decisions: ${decisions.length} ADRs indexed`);
} else {
  if (problems.length) console.warn(`decisions: ${problems.join('\n  ')}`);
  writeFileSync(indexPath, index);
  console.log(`decisions: wrote the index of ${decisions.length} ADRs`);
}
