import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { PageTitleProvider } from '../../components/page-title.tsx';
// account (issue 13): new policy versions are asked for after login
import { useOperatorAppConfig, WarningBottomBanner } from '../../features/account/account/components/config-prompts.tsx';
import { PendingPoliciesPrompt } from '../../features/account/account/components/pending-policies-prompt.tsx';
import { useMe } from '../../features/account/auth/api/get-me.ts';
// support (issue 14): the app config's feedback widget opens the survey
import { FeedbackWidget } from '../../features/support/support/components/feedback-widget.tsx';
import { AppHeader } from './app-header.tsx';
import { SideMenu } from './side-menu.tsx';

/** The logged-in frame: header, side menu (a burger drawer below the sm breakpoint) and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // keeps the stored name and menu type in step with the server (spec: /api/auth/me)
  useMe();
  const appConfig = useOperatorAppConfig();
  // the menu's entries are drawn by a deferred render just after the first frame, which React splits into
  // short slices: the header and the page come first (the menu sits in its own fixed column, or off screen on
  // a phone until the burger opens it, so nothing moves when it fills)
  const menuDrawn = useDeferredValue(true, false);

  return (
    <PageTitleProvider>
      <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <AppHeader menuOpened={opened} onToggleMenu={toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          {menuDrawn ? <SideMenu onNavigate={close} footer={<FeedbackWidget enabled={Boolean(appConfig?.feedBackWidget)} />} /> : null}
        </AppShell.Navbar>
        <AppShell.Main>
          <PendingPoliciesPrompt />
          <Suspense fallback={<FullScreenLoader />}>
            <Outlet />
          </Suspense>
          <WarningBottomBanner />
        </AppShell.Main>
      </AppShell>
    </PageTitleProvider>
  );
}

export default AppLayout;
