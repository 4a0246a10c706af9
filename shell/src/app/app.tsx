import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '@site/shared/ui/global-style';
import { theme } from '@site/shared/ui/theme';
import { Layout } from '../layout/layout';
import { AppRoutes } from './routes';
import { LazyToaster } from './lazy-toaster';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
      <LazyToaster />
    </ThemeProvider>
  );
}
