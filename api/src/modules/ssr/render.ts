
/**
 * React's server renderer and styled-components, loaded at the first render rather than when the api
 * starts: each picks its development or production build from NODE_ENV when first loaded, and the
 * server sets it before that (server.ts).
 *
 * The renderer is React's web-streams build, not its Node one: the Node build runs every render in an
 * AsyncLocalStorage, and on Node 20 the first such run turns on promise hooks for the whole process for
 * good, which made every later api answer 10-25 % dearer (decision 017). Our renders need no request
 * storage: a page is rendered once and kept.
 */
export type PreloadedData = Record<string, unknown>;

/**
 * The little of React, React DOM and styled-components the render uses, typed here: the api does not
 * compile against browser code (eslint's import rules); the containers bring their components.
 */
type Element = object;
interface RenderLibraries {
  createElement(type: unknown, props: object): Element;
  prerender(
    element: Element,
    options: { signal: AbortSignal; onError: (error: unknown) => void; progressiveChunkSize?: number },
  ): Promise<{ prelude: ReadableStream<Uint8Array> }>;
  ServerStyleSheet: new () => { collectStyles(element: Element): Element; getStyleTags(): string; seal(): void };
}

const load = async (): Promise<RenderLibraries> => {
  const [react, dom, styled] = await Promise.all([import('react'), import('react-dom/static.edge'), import('styled-components')]);
  // React's own types say more (a ReactNode for the element); the render needs only this much.
  return {
    createElement: react.createElement as RenderLibraries['createElement'],
    prerender: dom.prerender as RenderLibraries['prerender'],
    ServerStyleSheet: styled.ServerStyleSheet,
  };
};
let libraries: Promise<RenderLibraries> | undefined;
const renderLibraries = () => (libraries ??= load());

/** Loads a remote module by id (`mfe_commerce/BookingSection`) with one side's federation instance. */
export type RemoteLoad = (id: string) => Promise<unknown>;

/** What the shell's server container exposes as `shell/ServerApp`. */
export interface ShellServerModule {
  /** A React component of `{ location, preloaded, load }`. */
  ServerApp: unknown;
  /** Only in a shell built before the loader was passed per render: one loader for the whole module. */
  setRemoteLoader?(load: RemoteLoad): void;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** styled-components' `<style>` tags for the head. */
  styles: string;
}

export class RenderTimeout extends Error {
  constructor(ms: number) {
    super(`The server render took longer than ${ms} ms`);
    this.name = 'RenderTimeout';
  }
}

/**
 * Renders the page at `location` to complete HTML: `prerender` waits for every lazy remote and
 * Suspense boundary. Any error (a remote that does not load or throws) or the time budget running
 * out rejects, and the caller serves the page for the browser to render instead.
 */
export async function renderPage(shell: ShellServerModule, location: string, preloaded: PreloadedData, load: RemoteLoad, timeoutMs: number): Promise<RenderedPage> {
  const { createElement, prerender, ServerStyleSheet } = await renderLibraries();
  const sheet = new ServerStyleSheet();
  const controller = new AbortController();
  const errors: unknown[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new RenderTimeout(timeoutMs));
      }, timeoutMs);
    });
    shell.setRemoteLoader?.(load);
    const render = (async () => {
      const { prelude } = await prerender(sheet.collectStyles(createElement(shell.ServerApp, { location, preloaded, load })), {
        signal: controller.signal,
        // The page is sent whole, not streamed: a large boundary is written in place rather than
        // after the page with a script to move it, which a browser without JavaScript never runs.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: (error) => {
          errors.push(error);
        },
      });
      return new Response(prelude).text();
    })();
    const html = await Promise.race([render, timedOut]);
    // A boundary that failed was left for the browser; render nothing rather than half a page.
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    clearTimeout(timer);
    sheet.seal();
  }
}
