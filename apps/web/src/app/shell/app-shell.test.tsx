import { screen, within } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackHeader } from '../../components/back-header.tsx';
import { usePageTitle } from '../../components/page-title.tsx';
import { setLanguage } from '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { setupMswServer } from '../../test/msw.ts';
import { ok, renderApp } from '../../test/render.tsx';
import { AppLayout } from './app-layout.tsx';
import { WebViewLayout } from './web-view-layout.tsx';

const server = setupMswServer();

const owner = {
  userCode: 'U1',
  operatorId: 'OP1001',
  consignerCode: null,
  name: 'Rajesh Kumar',
  phone: '9000000001',
  locale: 'en',
  menuType: 'OPERATOR',
  kind: 'OPERATOR',
  permissions: ['LOADS_VIEW', 'TRIPS_VIEW'],
};

function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  return <p>page body</p>;
}

function DetailsPage() {
  usePageTitle('Trip details');
  return <BackHeader title="Trip details" to="/web-view/my-trips" />;
}

/** The shell as the router mounts it: a layout route and pages below it. */
function Tree({ layout }: { layout: 'portal' | 'web-view' }) {
  return (
    <Routes>
      <Route element={layout === 'portal' ? <AppLayout /> : <WebViewLayout />}>
        <Route path="/portal/home" element={<TitledPage title="Dashboard" />} />
        <Route path="/portal/places" element={<p>places</p>} />
        <Route path="/portal/fastag/passbook" element={<TitledPage title="Passbook" />} />
        <Route path="/web-view/my-trips" element={<TitledPage title="My trips" />} />
        <Route path="/web-view/marketplace/trips/details/:tripId" element={<DetailsPage />} />
      </Route>
    </Routes>
  );
}

describe('portal shell', () => {
  beforeEach(async () => {
    await setLanguage('en');
    storage.setMany({ accessToken: 't', menuType: 'OPERATOR', name: 'Rajesh Kumar', operatorId: 'OP1001' });
    server.use(
      mswHttp.get('*/api/auth/me', () => HttpResponse.json(ok(owner))),
      mswHttp.get('*/api/policy/pending', () => HttpResponse.json(ok({ pending: [] }))),
    );
  });
  afterEach(() => {
    delete (window as Window & { ReactNativeWebView?: unknown }).ReactNativeWebView;
  });

  it("titles the header with the page's own title, not Dashboard", async () => {
    renderApp(<Tree layout="portal" />, { route: '/portal/fastag/passbook' });
    expect(await screen.findByTestId('shell-title')).toHaveTextContent('Passbook');
    expect(screen.getByTestId('shell-back')).toBeInTheDocument();
  });

  it("falls back to the menu entry's name for a page without a title, and shows no back on a menu page", async () => {
    renderApp(<Tree layout="portal" />, { route: '/portal/places' });
    expect(await screen.findByTestId('shell-title')).toHaveTextContent('Places');
    expect(screen.queryByTestId('shell-back')).toBeNull();
  });

  it('says Dashboard on home, with no back arrow', async () => {
    renderApp(<Tree layout="portal" />, { route: '/portal/home' });
    expect(await screen.findByTestId('shell-title')).toHaveTextContent('Dashboard');
    expect(screen.queryByTestId('shell-back')).toBeNull();
  });

  it('gives a web view reached on the portal the menu, the logo, the language switch and one back arrow', async () => {
    const { user } = renderApp(<Tree layout="web-view" />, { route: '/web-view/marketplace/trips/details/T1' });
    expect(await screen.findByTestId('shell-title')).toHaveTextContent('Trip details');
    const menu = screen.getByRole('navigation', { name: 'main' });
    expect(within(menu).getByRole('link', { name: 'My trips' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bhada home' })).toBeInTheDocument();
    expect(screen.getByText('हिंदी')).toBeInTheDocument();
    // the page's back target moves to the header: one arrow, not two
    expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
    await user.click(screen.getByTestId('shell-back'));
    expect(screen.getByTestId('location')).toHaveTextContent('/web-view/my-trips');
  });

  it('keeps the bare view inside the native app: no menu, the page draws its own back', async () => {
    (window as Window & { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: () => undefined };
    renderApp(<Tree layout="web-view" />, { route: '/web-view/marketplace/trips/details/T1' });
    // the bare frame names the page for screen readers (one main landmark, one level-one heading)
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip details' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Back' })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'main' })).toBeNull();
    expect(screen.queryByTestId('shell-title')).toBeNull();
  });
});
