export declare const TEMPLATE: string;
export declare function renderNginxSite(options: {
  apis: string[];
  webRoot: string;
  listen: string;
  serverName?: string;
  upstream?: string;
  extraHttp?: string;
  extraServer?: string;
  extraStatic?: string;
  failTimeout?: string;
}): string;
