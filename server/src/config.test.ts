import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('reads TRUST_PROXY as no proxy, a hop count, or proxy addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).trustProxy).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', 'loopback'],
    });
  });

  it('refuses TRUST_PROXY=true, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front of Sync/);
  });

  it('refuses a TRUST_PROXY that is neither a count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/^TRUST_PROXY must be a hop count/);
  });

  it('reads WORKERS as a count or auto (one per core), one by default', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    for (const wrong of ['0', 'two', '-1', '1.5']) {
      expect(() => loadConfig({ WORKERS: wrong })).toThrow(
        /^WORKERS must be a whole number of at least 1, or auto/,
      );
    }
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
  });

  it('reads the live events settings, with the documented defaults', () => {
    expect(loadConfig({}).events).toEqual({
      heartbeatMs: 25_000,
      countsIntervalMs: 1000,
      maxStreamsPerUser: 5,
      redisKeyPrefix: 'sync:',
    });
    expect(loadConfig({ EVENTS_MAX_STREAMS_PER_USER: '2', REDIS_KEY_PREFIX: 'a:' }).events).toMatchObject({
      maxStreamsPerUser: 2,
      redisKeyPrefix: 'a:',
    });
    expect(() => loadConfig({ EVENTS_MAX_STREAMS_PER_USER: '0' })).toThrow(
      /EVENTS_MAX_STREAMS_PER_USER must be at least 1/,
    );
    expect(() => loadConfig({ EVENTS_HEARTBEAT_MS: 'soon' })).toThrow(
      /EVENTS_HEARTBEAT_MS must be a whole number/,
    );
  });

  it('reads LOG_FORMAT, and without it logs for a person in a terminal and JSON elsewhere', () => {
    expect(loadConfig({}, { stdoutIsTerminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTerminal: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTerminal: false }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }, { stdoutIsTerminal: false }).logFormat).toBe('json');
    for (const wrong of ['text', 'JSON', 'true']) {
      expect(() => loadConfig({ LOG_FORMAT: wrong })).toThrow(/^LOG_FORMAT must be json .* or pretty/);
    }
  });

  it('reads LOG_SLOW_MS, one second by default', () => {
    expect(loadConfig({}).logSlowMs).toBe(1000);
    expect(loadConfig({ LOG_SLOW_MS: '250' }).logSlowMs).toBe(250);
    expect(loadConfig({ LOG_SLOW_MS: '0' }).logSlowMs).toBe(0);
    expect(() => loadConfig({ LOG_SLOW_MS: '1s' })).toThrow(/^LOG_SLOW_MS must be a whole number/);
  });

  it('reads PUBLIC_URL as an origin and LOCAL_DOMAIN as a host, both unset by default', () => {
    expect(loadConfig({ PORT: '4000' }).site).toEqual({
      publicUrl: undefined,
      localDomain: undefined,
      localUrl: 'http://localhost:4000',
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://Sync.Example:443/', LOCAL_DOMAIN: 'Example' }).site,
    ).toMatchObject({
      publicUrl: 'https://sync.example',
      localDomain: 'example',
    });
    expect(
      loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', LOCAL_DOMAIN: 'example.org:8443' }).site,
    ).toMatchObject({ publicUrl: 'http://127.0.0.1:8080', localDomain: 'example.org:8443' });
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin, and a LOCAL_DOMAIN that is not a host or has no PUBLIC_URL', () => {
    for (const wrong of [
      'sync.example',
      'ftp://sync.example',
      'https://sync.example/sync',
      'https://sync.example/?a=1',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: wrong })).toThrow(
        /^PUBLIC_URL must be the http\(s\) address people open Sync at, without a path/,
      );
    }
    for (const wrong of ['https://example', 'example/users', 'user@example', 'exa mple']) {
      expect(() => loadConfig({ PUBLIC_URL: 'https://sync.example', LOCAL_DOMAIN: wrong })).toThrow(
        /^LOCAL_DOMAIN must be the domain of the accounts' addresses \(@user@domain\)/,
      );
    }
    expect(() => loadConfig({ LOCAL_DOMAIN: 'example' })).toThrow(/^LOCAL_DOMAIN needs PUBLIC_URL/);
  });
});
