import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it("drops a report download link's token (dt) from the logged URL and keeps the rest", () => {
    const kept = redactUrl('/api/reports/wallet-statement?from=2026-04-01&dt=eyJyIjoid2FsbGV0In0.c2ln&DT=again');
    expect(kept).not.toMatch(/eyJyIjoid2FsbGV0In0|c2ln|again/);
    expect(kept).toContain('from=2026-04-01');
  });
});
