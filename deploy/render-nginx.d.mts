export declare const TEMPLATE: string;
export declare const DEFAULT_CACHE_DIR: string;
export declare const DEFAULT_CACHE_KEY: string;
export declare const DEFAULT_ACCESS_LOG: string;
export declare function clientMaxBodySize(): string;
export declare function renderNginxSite(options: {
  apis: string[];
  webRoot: string;
  listen: string;
  serverName?: string;
  upstream?: string;
  cacheDir?: string;
  cacheKey?: string;
  extraHttp?: string;
  extraServer?: string;
  extraStatic?: string;
  failTimeout?: string;
  /** A file, or 'off'. */
  accessLog?: string;
}): string;
