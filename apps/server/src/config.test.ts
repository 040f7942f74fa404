import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { PRODUCTION_SMS_ENV } from '../test/production-env.ts';
import { loadConfig } from './config.ts';

const production = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-secret-0123',
  TAG_ISSUER_SECRET: 'another-production-secret',
  ...PRODUCTION_SMS_ENV,
};

describe('production defaults (ADR 232)', () => {
  it('seeds no demo data and serves no API reference in production unless asked to', () => {
    expect(loadConfig(production)).toMatchObject({ SEED_DEMO: false, API_DOCS: false });
    expect(loadConfig({ ...production, SEED_DEMO: 'true', API_DOCS: 'true' })).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: true, API_DOCS: true });
  });

  describe('with the API reference switched off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ API_DOCS: 'false' });
    });
    afterAll(async () => t.close());

    it('answers 404 at /api/docs and /api/openapi.json', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    });
  });
});
