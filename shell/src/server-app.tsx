// The shell's layout and routes for the api's server render (shell/dist/server, exposed as
// `shell/ServerApp`). React, the router and styled-components are the api's own (shared singletons).
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router-dom';
import { registerRemoteLoader, type RemoteModuleId } from '@site/shared/remote';
import type { PreloadedData } from '@site/shared/preloaded';
import { App } from './app/app';
import { isChromeless } from './app/layout/layout';

type RemoteModule = { default: never };

/** Hands the api's federation loader to `<Remote>` (the browser's is registered in bootstrap.tsx). */
export function setRemoteLoader(load: (id: RemoteModuleId) => Promise<RemoteModule>): void {
  registerRemoteLoader(load);
}

export { isChromeless };

/** The page at `location` (path and query), as the browser's first render will build it. */
export function ServerApp({ location, preloaded }: { location: string; preloaded: PreloadedData }) {
  return (
    <StrictMode>
      <App preloaded={preloaded} router={(children) => <StaticRouter location={location}>{children}</StaticRouter>} />
    </StrictMode>
  );
}

export default ServerApp;
