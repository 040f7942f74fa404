import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The shell header shows the current page's title (default Dashboard, spec: marketplace §2) and, on a
 * page below a menu entry, one back arrow. Pages set both through this context so features never
 * reach into the shell; outside the shell (a web view inside the native app) there is no provider and
 * pages draw their own back header.
 */
type Back = { to?: string } | undefined;
type TitleContext = {
  inShell: boolean;
  title: string | undefined;
  setTitle: (update: (current: string | undefined) => string | undefined) => void;
  back: Back;
  setBack: (update: (current: Back) => Back) => void;
};
const Context = createContext<TitleContext>({
  inShell: false,
  title: undefined,
  setTitle: () => undefined,
  back: undefined,
  setBack: () => undefined,
});

/**
 * `drawsBack`: the frame around the pages draws the back arrow (the portal shell's header). A bare web
 * view's frame only names the page for screen readers, so its pages keep their own back.
 */
export function PageTitleProvider({ children, drawsBack = true }: { children: ReactNode; drawsBack?: boolean }) {
  const [title, setTitle] = useState<string | undefined>();
  const [back, setBack] = useState<Back>();
  const value = useMemo(() => ({ inShell: drawsBack, title, setTitle, back, setBack }), [drawsBack, title, back]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function usePageTitle(title: string): void {
  const { setTitle } = useContext(Context);
  useEffect(() => {
    setTitle(() => title);
    // only clear what this page set: the next page may already have put its own title up
    return () => setTitle((current) => (current === title ? undefined : current));
  }, [title, setTitle]);
}

export function useCurrentPageTitle(): string | undefined {
  return useContext(Context).title;
}

/** A page's back target for the shell header; returns whether the shell draws the arrow. */
export function useShellBack(to: string | undefined): boolean {
  const { inShell, setBack } = useContext(Context);
  useEffect(() => {
    if (!inShell) return;
    const mine: Back = { to };
    setBack(() => mine);
    return () => setBack((current) => (current === mine ? undefined : current));
  }, [inShell, to, setBack]);
  return inShell;
}

export function useCurrentBack(): Back {
  return useContext(Context).back;
}
