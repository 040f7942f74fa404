/** Suspicious tolls (issue 47, ADR 280) in the authorisation matrix: any operator user with the Fastag rights. */
const ownFlag = { access: { kind: 'operator' as const, own: true }, params: { id: 'tollFlag' as const } };

export const TOLL_FLAG_ACCESS = {
  'GET /api/fastag/tollFlags': { access: { kind: 'operator' as const } },
  'POST /api/fastag/tollFlags/{id}/dismiss': ownFlag,
  'POST /api/fastag/tollFlags/{id}/dispute': ownFlag,
};
