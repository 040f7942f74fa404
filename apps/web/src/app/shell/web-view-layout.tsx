import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { WebViewFrame } from '../../components/web-view-frame.tsx';
import { useMe } from '../../features/account/auth/api/get-me.ts';
import { runsInNativeApp } from '../../lib/native-bridge.ts';
import { AppLayout } from './app-layout.tsx';

/**
 * The load, trip, membership and account web views (spec: fastag §2.4). Inside the native app they
 * stay bare, phone-width pages: the app draws its own header and back (ARCHITECTURE §6). Reached on
 * the portal they get the portal shell — menu, logo, language switch, title and back — like any
 * other page (ADR 145).
 */
export function WebViewLayout() {
  if (!runsInNativeApp()) return <AppLayout />;
  return <BareWebView />;
}

function BareWebView() {
  // the session's permissions decide which controls a page shows, in the app as on the portal
  useMe();
  return (
    <WebViewFrame>
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
    </WebViewFrame>
  );
}

export default WebViewLayout;
