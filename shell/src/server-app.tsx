// The shell's layout and routes for the api's server render (shell/dist/server, exposed as
// `shell/ServerApp`). React, the router and styled-components are the api's own (shared singletons).
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router-dom';
import { RemoteLoaderProvider, type RemoteModuleId } from '@site/shared/remote';
import type { PreloadedData } from '@site/shared/preloaded';
import { App } from './app/app';
import { isChromeless } from './app/layout/layout';

type RemoteModule = { default: never };

export { isChromeless };

interface ServerAppProps {
  location: string;
  preloaded: PreloadedData;
  /** This render's federation loader: the live site's, or a release on trial's (the browser registers its own in bootstrap.tsx). */
  load: (id: RemoteModuleId) => Promise<RemoteModule>;
}

/** The page at `location` (path and query), as the browser's first render will build it. */
export function ServerApp({ location, preloaded, load }: ServerAppProps) {
  return (
    <StrictMode>
      <RemoteLoaderProvider load={load}>
        <App preloaded={preloaded} router={(children) => <StaticRouter location={location}>{children}</StaticRouter>} />
      </RemoteLoaderProvider>
    </StrictMode>
  );
}

export default ServerApp;
