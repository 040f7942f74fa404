import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitleProvider, useCurrentPageTitle } from './page-title.tsx';

function PageHeading() {
  const title = useCurrentPageTitle();
  return title ? <VisuallyHidden component="h1">{title}</VisuallyHidden> : null;
}

/**
 * Pages outside the portal shell (the native app's web views, public pages) get what the shell gives
 * the others: one main landmark and a level-one heading naming the page, for screen readers. The
 * heading is the title the page already sets with usePageTitle, so nothing is shown twice.
 */
export function WebViewFrame({ children }: { children: ReactNode }) {
  return (
    <PageTitleProvider drawsBack={false}>
      <main>
        <PageHeading />
        {children}
      </main>
    </PageTitleProvider>
  );
}
