import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { GlobalStyle } from '@site/shared/ui/global-style';
import { PreloadedDataProvider, type PreloadedData } from '@site/shared/preloaded';
import { shellCommitted } from '@site/shared/remote';
import { Layout } from './layout/layout';
import { AppRoutes } from './routes';
import { LazyToaster } from './lazy-toaster';

interface AppProps {
  /** The answers a server-rendered page was made from (empty on a page rendered in the browser). */
  preloaded?: PreloadedData;
  /** The router: the browser's by default; the server passes a StaticRouter-made wrapper. */
  router?: (children: ReactNode) => ReactNode;
}

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;
const NOTHING_PRELOADED = {};

/** The server's answers belong to the first page: another page (or a return to it) reads afresh. */
function ForgetPreloadedOnNavigation({ forget }: { forget: () => void }) {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) forget();
  }, [pathname, forget]);
  return null;
}

/** The same tree on the server (server-app.tsx) and in the browser, so hydration matches. */
export function App({ preloaded = NOTHING_PRELOADED, router = browserRouter }: AppProps) {
  const [data, setData] = useState(preloaded);
  const [forget] = useState(() => () => setData(NOTHING_PRELOADED));
  // The page is live (html[data-app]) once this tree and its remote parts have rendered.
  useEffect(shellCommitted, []);
  return (
    <>
      <GlobalStyle />
      <PreloadedDataProvider data={data}>
        {router(
          <>
            <ForgetPreloadedOnNavigation forget={forget} />
            <Layout>
              <AppRoutes />
            </Layout>
          </>,
        )}
      </PreloadedDataProvider>
      <LazyToaster />
    </>
  );
}
