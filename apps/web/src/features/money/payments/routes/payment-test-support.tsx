import type { PaymentInfo } from '@bhada/contracts/money/payments';
import { DEFAULT_PSP_MODES } from '@bhada/contracts/money/payments';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { LocationProbe, TestProviders } from '../../../../test/render.tsx';

/** What the checkout's and the result screen's tests share: an order's payment info and a routed render. */
export const info = (orderId = 'BHD1', amount = 500): PaymentInfo => ({
  amount,
  merchantId: 'MID1',
  transactionCode: orderId,
  checkSumHash: `tok-${orderId}`,
  customerId: 'OP1001',
  pspModes: DEFAULT_PSP_MODES,
  host: '/api/sandbox/pg',
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
});

function StateProbe() {
  const location = useLocation();
  return <output data-testid="state">{JSON.stringify(location.state ?? null)}</output>;
}

export function renderAt(path: string, element: React.ReactElement, entry: { pathname: string; state?: unknown }, previous?: string) {
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[...(previous ? [previous] : []), entry]} initialIndex={previous ? 1 : 0}>
        <LocationProbe />
        <StateProbe />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return { user };
}
