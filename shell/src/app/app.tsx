import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '@site/shared/ui/global-style';
import { PreloadedDataProvider, type PreloadedData } from '@site/shared/preloaded';
import { theme } from '@site/shared/ui/theme';
import { Layout } from '../layout/layout';
import { AppRoutes } from './routes';
import { LazyToaster } from './lazy-toaster';

interface AppProps {
  /** The answers a server-rendered page was made from (empty on a page rendered in the browser). */
  preloaded?: PreloadedData;
  /** The router: the browser's by default; the server passes a StaticRouter-made wrapper. */
  router?: (children: ReactNode) => ReactNode;
}

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/** The same tree on the server (server-app.tsx) and in the browser, so hydration matches. */
export function App({ preloaded = {}, router = browserRouter }: AppProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <PreloadedDataProvider data={preloaded}>
        {router(
          <Layout>
            <AppRoutes />
          </Layout>,
        )}
      </PreloadedDataProvider>
      <LazyToaster />
    </ThemeProvider>
  );
}
