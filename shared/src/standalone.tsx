import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { GlobalStyle } from './ui/global-style';

/** Renders a remote on its own dev server, without the shell, for working on it in isolation. */
export function renderStandalone(children: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <GlobalStyle />
      <BrowserRouter>{children}</BrowserRouter>
      <Toaster theme="dark" richColors />
    </StrictMode>,
  );
}
