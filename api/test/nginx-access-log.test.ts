// The deployment's nginx logs requests without their query strings: order, newsletter and password
// links carry secret tokens there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderNginxSite, TEMPLATE } from '../../deploy/render-nginx.mjs';

/** Every log_format of a configuration, by name, its quoted parts joined. */
function logFormats(conf: string): Map<string, string> {
  const formats = new Map<string, string>();
  for (const [, name, body] of conf.matchAll(/^\s*log_format\s+(\w+)\s+([^;]*);/gm)) {
    formats.set(name!, [...body!.matchAll(/'([^']*)'/g)].map(([, part]) => part).join(''));
  }
  return formats;
}

describe('the nginx access log', () => {
  it('has a format without the request line, the full URI, the query string or the referer', () => {
    const format = logFormats(readFileSync(TEMPLATE, 'utf8')).get('site_no_query');
    expect(format).toBeDefined();
    expect(format).toContain('$request_method $uri $server_protocol');
    for (const variable of [/\$request(?![_a-z])/, /\$request_uri/, /\$args/, /\$arg_/, /\$query_string/, /\$is_args/, /\$http_referer/]) {
      expect(format).not.toMatch(variable);
    }
  });

  it('is the format of every access log the site writes (the default combined one logs $request)', () => {
    const site = renderNginxSite({ apis: ['127.0.0.1:3000'], webRoot: '/srv/site', listen: '80' });
    const logs = [...site.matchAll(/^\s*access_log\s+([^;]*);/gm)].map(([, value]) => value);
    expect(logs).toEqual(['/var/log/nginx/access.log site_no_query']);
    expect(renderNginxSite({ apis: ['127.0.0.1:3000'], webRoot: '/srv/site', listen: '80', accessLog: 'off' })).toMatch(/^\s*access_log off;/m);
  });
});
