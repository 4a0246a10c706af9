import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { Toaster } from 'sonner';
import { GlobalStyle } from '@site/shared/ui/global-style';
import { theme } from '@site/shared/ui/theme';
import { TOAST_DURATION, TOAST_LIMIT } from '@site/shared/constants';
import { Layout } from '../layout/layout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
      <Toaster
        position="bottom-right"
        theme="dark"
        richColors
        closeButton
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION.plain}
      />
    </ThemeProvider>
  );
}
