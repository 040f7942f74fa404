// Counts exported repository functions that take an id-like parameter (name ends in Id/Ids/Code/Codes or is `id`)
// typed as a bare `string` / `string[]` (top-level or one level inside an object parameter).

import { readdirSync } from 'node:fs';
import ts from 'typescript';

const root = process.argv[2] ?? '.';
const files = readdirSync(`${root}/apps/server/src`, { recursive: true })
  .filter((f) => f.endsWith('.repository.ts'))
  .map((f) => `${root}/apps/server/src/${f}`);
const program = ts.createProgram(files, {
  allowImportingTsExtensions: true,
  noEmit: true,
  strict: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
});
const checker = program.getTypeChecker();
const idName = /(^id$|^ids$|Id$|Ids$|Code$|Codes$)/;
const tenantName = /(operatorId|consignerCode)$/i;
const bare = (t) => {
  const s = checker.typeToString(t);
  return /^(string|string\[\]|readonly string\[\]|string \| null|string \| undefined)$/.test(s);
};
let total = 0,
  withBare = 0,
  tenant = 0,
  positional = 0;
const rows = [];
for (const f of files) {
  const sf = program.getSourceFile(f);
  const sym = checker.getSymbolAtLocation(sf);
  if (!sym) continue;
  for (const ex of checker.getExportsOfModule(sym)) {
    const t = checker.getTypeOfSymbolAtLocation(ex, sf);
    const sigs = t.getCallSignatures();
    if (!sigs.length) continue;
    total++;
    const bad = [];
    for (const p of sigs[0].getParameters()) {
      const pt = checker.getTypeOfSymbolAtLocation(p, sf);
      if (idName.test(p.name) && bare(pt)) bad.push(p.name);
      for (const prop of pt.getProperties?.() ?? []) {
        if (pt.getCallSignatures().length || checker.typeToString(pt) === 'string') continue;
        const propT = checker.getTypeOfSymbolAtLocation(prop, sf);
        if (idName.test(prop.name) && bare(propT)) bad.push(`${p.name}.${prop.name}`);
      }
    }
    const params = sigs[0].getParameters().slice(1);
    const isTenant = bad.some((b) => tenantName.test(b));
    const isPositional = params.length > 1 && bad.some((b) => !b.includes('.'));
    if (isTenant) tenant++;
    if (isPositional) positional++;
    if (bad.length) {
      withBare++;
      rows.push(`${isTenant ? 'T' : ' '}${isPositional ? 'P' : ' '} ${f.replace(`${root}/`, '')} ${ex.name}(${bad.join(', ')})`);
    }
  }
}
if (process.argv.includes('-v')) console.log(rows.join('\n'));
console.log(`${tenant} of ${total} exported repository functions take a bare string operator id / consigner code (T)`);
console.log(`${positional} take two or more positional parameters after the database, one a bare string id (P)`);
console.log(`${withBare} take any bare string id, tenant or resource`);
