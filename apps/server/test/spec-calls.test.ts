import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/lib/paths.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Every call of the spec that an issue owns must be in the server's OpenAPI document.
 * Spec rows that give only a relative path or a description map to the served path here.
 */
const SERVED_AS: Record<string, string> = {
  // marketplace: places and the token flow (a load has at most one token: every {id} is the demand id)
  'GET unloading point search (searchText, addressTypes)': '/api/odin/v2/map/unloading-point/search',
  'GET token-detail': '/api/rest/tesseract/v1/token-detail',
  'GET token (demandId)': '/api/rest/tesseract/v1/token',
  'GET demand/{id}/token-details': '/api/rest/tesseract/v1/demand/{}/token-details',
  'POST token/{id}/vehicle-details': '/api/rest/tesseract/v1/token/{}/vehicle-details',
  'POST demand/{id}/initiate-token': '/api/rest/tesseract/v1/demand/{}/initiate-token',
  'POST token/{id}/pay-token': '/api/rest/tesseract/v1/token/{}/pay-token',
  'GET app-config': '/api/rest/tesseract/v1/token/app-config',
  'GET demand/{id}/vehicles': '/api/rest/tesseract/v1/demand/{}/vehicles',
  'GET vehicle/{id}': '/api/rest/tesseract/v1/vehicle/{}',
  'GET token/{id}/phonebook-driver-info': '/api/rest/tesseract/v1/token/{}/phonebook-driver-info',
  // trips
  'GET invoice view-url (filePath)': '/api/rest/tesseract/v2/trip/{}/invoice/view-url',
  'POST trip/replace-vehice': '/api/rest/tesseract/v2/trip/replace-vehice',
  'GET trip vehicle replacement reasons': '/api/rest/tesseract/v2/trip/{}/replace-vehicle-reasons',
  'GET trip/{id}/cancel-reasons': '/api/rest/tesseract/v2/trip/{}/cancel-reasons',
  'GET cancel-confirmation': '/api/rest/tesseract/v2/trip/{}/cancel-confirmation',
  'POST cancel': '/api/rest/tesseract/v2/trip/{}/cancel',
  'GET v2 trip/{id}/loading-slot': '/api/rest/tesseract/v2/trip/{}/loading-slot',
  'POST v2 trip/{id}/loading-slot (submit)': '/api/rest/tesseract/v2/trip/{}/loading-slot',
  'POST v2 trip/{id}/notifyconsigner': '/api/rest/tesseract/v2/trip/{}/notifyconsigner',
  'GET document/{id}/bilti/view-urls': '/api/rest/tesseract/v2/trip/document/{}/bilti/view-urls',
  // wallet and Fastag statements; the account calls are one PUT told apart by body shape (ADR 041)
  'GET report/wallet-transactions (fromTime, toTime, reportFormat)': '/api/wallet/report/wallet-transactions',
  'GET report/fastagStatement (all vehicles)': '/api/fastag/report/fastagStatement',
  'GET report/fastagStatement/v2 (single vehicle)': '/api/fastag/report/fastagStatement/v2',
  // consigner trip payment
  'POST pay/create-order (mid, orderId)': '/api/consigner/pay/create-order',
  'POST pay/complete-order': '/api/consigner/pay/complete-order',
  'GET balance/trip (code)': '/api/consigner/balance/trip',
  // support: the spec names these calls without a path (ADR 120)
  'GET welang config': '/api/rest/tesseract/v1/config/welang',
  'GET trip training (type, source)': '/api/rest/tesseract/v1/config/trip-training',
  'POST widget-acknowledgement': '/api/rest/tesseract/v1/config/widget-acknowledgement',
  // fleet (issue 12, ADR 100)
  'GET vehicle data by query (locale header)': '/api/rest/tesseract/v1/operator/vehicles/search',
  'PUT update-vehicle': '/api/rest/tesseract/v1/operator/update-vehicle',
  'GET vehicle document upload-url': '/api/rest/tesseract/v1/operator/vehicle/document/upload-url',
  'GET vehicle document view-url': '/api/rest/tesseract/v1/operator/vehicle/document/view-url',
  'GET/POST GPS order and info': '/api/rest/tesseract/v1/gps/order-info',
  'GET lookups: tyre, size, tonnage, height': '/api/rest/tesseract/v1/vehicle/lookup/{}',
  'GET operator/vehicles/list': '/api/rest/tesseract/v1/operator/vehicles/list',
  'GET vehicle gps-eligibility': '/api/rest/tesseract/v1/vehicle/{}/gps-eligibility',
  'POST vehicle install-gps': '/api/rest/tesseract/v1/vehicle/{}/install-gps',
  'GET profile document upload-url': '/api/rest/tesseract/v1/operator/profile/document/upload-url',
  'GET document view-url/{id}': '/api/rest/tesseract/v1/operator/document/view-url/{}',
  // account (issue 13, ADRs 110–112)
  'GET/POST TDS declaration and undertaking under /supply/operator/': '/api/supply/operator/undertaking',
  'GET policy (type)': '/api/policy',
  'POST policy': '/api/policy',
  'POST profile/onboarding/unsubsribe': '/api/rest/tesseract/v1/profile/onboarding/unsubsribe',
  'GET autocomplete: place, vehicle, consigner (text, searchText, exp, operator id)': '/api/odin/v2/map/app/autocomplete',
  'POST places analytics selection': '/api/odin/v2/map/app/selection',
  'POST saved places': '/api/odin/v2/map/app/saved-places',
  // operations: the consigner's demand documents sit beside its payment calls
  'GET demand/{code}/document': '/api/consigner/demand/{}/document',
};

/**
 * The card provider's calls are the provider's API, not ours: the built-in sandbox serves them under
 * its prefix (hidden from our reference), so they are checked as routes of the app.
 */
const PROVIDER_ROUTES: Record<string, string> = {
  'POST provider fetchPaymentOptions': '/api/sandbox/pg/theia/api/v2/fetchPaymentOptions',
  'POST provider fetchBinDetail': '/api/sandbox/pg/fetchBinDetail',
  'POST provider vpa/validate': '/api/sandbox/pg/theia/api/v1/vpa/validate',
  'POST provider processTransaction': '/api/sandbox/pg/theia/api/v1/processTransaction',
  'POST provider fetchNBPaymentChannels': '/api/sandbox/pg/theia/api/v1/fetchNBPaymentChannels',
};

/** Owners (issue topics) whose calls are built; `next wave` rows are not yet asked for. */
const BUILT_OWNERS = new Set(['foundation', 'marketplace', 'trips', 'fastag-wallet', 'payments', 'subscription', 'support']);
// fleet (issue 12)
BUILT_OWNERS.add('fleet');
// account (issue 13)
BUILT_OWNERS.add('account');
// operations (issue 15)
BUILT_OWNERS.add('operations');

type Row = { area: string; method: string; path: string; owner: string };

/** Where the shared folder is: beside the project's root (a plain clone next to it), or SHARED_DIR. */
const sharedDir = () => process.env.SHARED_DIR ?? join(repoRoot, '..', 'shared');

/** The spec's call table, or an error that says what is missing and how to provide it. */
function specRows(dir = sharedDir()): Row[] {
  const file = join(dir, 'spec', 'calls.tsv');
  if (!existsSync(file)) {
    throw new Error(
      `The spec's call table ${file} is missing: this test reads the shared folder (spec/calls.tsv) from ` +
        `${existsSync(dir) ? `${dir}, which has no spec/calls.tsv` : `${dir}, which does not exist`}. ` +
        'Put the shared folder beside the project (../shared) or point SHARED_DIR at it.',
    );
  }
  const text = readFileSync(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [area = '', method = '', path = '', , owner = ''] = line.split('\t');
      return { area, method, path, owner: owner.trim() };
    });
}

/** `/rest/x/{demandId}/consent (loadConsent)` → `/api/rest/x/{}/consent` */
function normalise(path: string): string {
  const bare = path.replace(/\s*\(.*\)\s*$/, '').trim();
  return `/api${bare}`.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z]+/g, '{}');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the spec calls are all served', () => {
  it('every call owned by a built area is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) served.add(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`);
    }
    const missing: string[] = [];
    for (const row of specRows()) {
      // an area built ahead of its wave (owner `next wave`) is checked by its area name
      if (!BUILT_OWNERS.has(row.owner) && !(row.owner === 'next wave' && BUILT_OWNERS.has(row.area))) continue;
      const key = `${row.method} ${row.path}`;
      const provider = PROVIDER_ROUTES[key];
      if (provider) {
        if (!t.app.hasRoute({ method: 'POST', url: provider })) missing.push(`${key} (owner ${row.owner}) → sandbox ${provider}`);
        continue;
      }
      if (!row.path.startsWith('/') && !SERVED_AS[key]) {
        missing.push(`${key} (owner ${row.owner}): no served path mapped`);
        continue;
      }
      const target = SERVED_AS[key] ?? normalise(row.path);
      // a row like PUT/POST means the spec does not fix the method: one of them must be served
      const methods = row.method.split('/');
      if (!methods.some((m) => served.has(`${m} ${target}`))) missing.push(`${key} (owner ${row.owner}) → ${target}`);
    }
    expect(missing).toEqual([]);
  });

  it('the spec lists the calls this test knows how to read', () => {
    const rows = specRows();
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.owner === 'foundation')).toHaveLength(9);
  });

  it('names the missing file and how to provide it when the shared folder is not there', () => {
    const empty = mkdtempSync(join(tmpdir(), 'bhada-no-spec-'));
    try {
      expect(() => specRows(join(empty, 'shared'))).toThrow(/spec\/calls\.tsv is missing.*does not exist.*SHARED_DIR/);
      expect(() => specRows(empty)).toThrow(/has no spec\/calls\.tsv/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
