import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('reads the variables it knows', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db', PUBLIC_URL: 'https://example.com' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://nope' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'password1' }, 'ADMIN_EMAIL'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ AI_WIDGET_SCRIPT_URL: 'http://insecure.example/widget.js' }, 'AI_WIDGET_SCRIPT_URL'],
  ])('rejects %o naming %s', (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).message).toContain(variable);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['10.0.0.1, 10.1.0.0/16,::1', ['10.0.0.1', '10.1.0.0/16', '::1']],
  ])('reads %o as %o', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '2', '10.0.0.1,nope', '10.0.0.0/33', '-1'])('rejects %o naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('AI_WIDGET_CONNECT_ORIGINS', () => {
  it('reads a comma-separated list of https and wss origins', () => {
    const config = loadConfig({ AI_WIDGET_CONNECT_ORIGINS: ' https://api.agent.example, wss://rt.agent.example:8443/ ,' });
    expect(config.AI_WIDGET_CONNECT_ORIGINS).toEqual(['https://api.agent.example', 'wss://rt.agent.example:8443']);
    expect(loadConfig({}).AI_WIDGET_CONNECT_ORIGINS).toEqual([]);
  });

  it.each(['http://insecure.example', 'https://api.agent.example/path', 'ftp://files.example', 'not a url'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ AI_WIDGET_CONNECT_ORIGINS: value })).toThrow(/AI_WIDGET_CONNECT_ORIGINS/);
    },
  );
});

describe('RELEASES_BASE_URL', () => {
  it('reads an https URL', () => {
    expect(loadConfig({ RELEASES_BASE_URL: 'https://cdn.example.com/releases' }).RELEASES_BASE_URL).toBe('https://cdn.example.com/releases');
  });

  it.each(['http://cdn.example.com/releases', 'http://localhost:8080/releases', 'ftp://cdn.example.com', 'not a url'])(
    'refuses %s at start, naming the variable and asking for https',
    (value) => {
      expect(() => loadConfig({ RELEASES_BASE_URL: value })).toThrow(/RELEASES_BASE_URL: must be an https URL/);
    },
  );
});
