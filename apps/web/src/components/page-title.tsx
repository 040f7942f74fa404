import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/**
 * The shell header shows the current page's title (default Dashboard, spec: marketplace §2). Pages
 * set it through this context so features never reach into the shell.
 */
type TitleContext = { title: string | undefined; setTitle: (title: string | undefined) => void };
const Context = createContext<TitleContext>({ title: undefined, setTitle: () => undefined });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | undefined>();
  return <Context.Provider value={{ title, setTitle }}>{children}</Context.Provider>;
}

export function usePageTitle(title: string): void {
  const { setTitle } = useContext(Context);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [title, setTitle]);
}

export function useCurrentPageTitle(): string | undefined {
  return useContext(Context).title;
}
