import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.shop.payCode).toMatch(/^\d{4,10}$/);
    expect(config.conversationStore).toBe('memory');
  });

  it('keeps conversations in the database when there is a PostgreSQL server, unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/isoko' }).conversationStore).toBe('db');
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/isoko', CONVERSATION_STORE: 'memory' }).conversationStore).toBe('memory');
    expect(loadConfig({ CONVERSATION_STORE: 'db' }).conversationStore).toBe('db');
  });

  it('runs several workers only on a PostgreSQL server, and names why not on the embedded database', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db/isoko', WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY="2": the embedded database belongs to one process: set DATABASE_URL/);
  });

  it('reads the shop facts and allowed origins from the environment', () => {
    const config = loadConfig({ MOMO_PAY_CODE: '654321', BUSINESS_NAME: 'Isoko Kigali Ltd', CORS_ORIGINS: 'https://a.rw, https://b.rw' });
    expect(config.shop.payCode).toBe('654321');
    expect(config.shop.businessName).toBe('Isoko Kigali Ltd');
    expect(config.corsOrigins).toEqual(['https://a.rw', 'https://b.rw']);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MOMO_PAY_CODE: '12-34' }, 'MOMO_PAY_CODE'],
    [{ CONVERSATION_STORE: 'redis' }, 'CONVERSATION_STORE'],
    [{ USSD_SECRET: 'short' }, 'USSD_SECRET'],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://shop@db/isoko', CONVERSATION_STORE: 'memory' }, 'CONVERSATION_STORE'],
    [{ SHUTDOWN_DELAY_MS: '-5' }, 'SHUTDOWN_DELAY_MS'],
  ])('refuses %o and names %s', (environment, name) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${name}=`));
  });

  describe('MTN MoMo request-to-pay', () => {
    const momo = {
      MOMO_BASE_URL: 'https://sandbox.momodeveloper.mtn.com/',
      MOMO_TARGET_ENVIRONMENT: 'sandbox',
      MOMO_SUBSCRIPTION_KEY: '0123456789abcdef0123456789abcdef',
      MOMO_API_USER: 'f3b5c9a2-6d1e-4c8b-9a7f-2e4d6c8b0a1f',
      MOMO_API_KEY: 'fedcba9876543210fedcba9876543210',
      MOMO_CURRENCY: 'EUR',
    };

    it('is off without the MOMO_ variables, and on with all of them', () => {
      expect(loadConfig({}).momo).toBeUndefined();
      expect(loadConfig({}).shop.momoRequestToPay).toBe(false);
      const config = loadConfig(momo);
      expect(config.momo).toEqual({
        baseUrl: 'https://sandbox.momodeveloper.mtn.com',
        targetEnvironment: 'sandbox',
        subscriptionKey: momo.MOMO_SUBSCRIPTION_KEY,
        apiUser: momo.MOMO_API_USER,
        apiKey: momo.MOMO_API_KEY,
        currency: 'EUR',
        timeoutMs: 10_000,
      });
      expect(config.shop.momoRequestToPay).toBe(true);
      // Rwanda's live API: RWF by default.
      expect(loadConfig({ ...momo, MOMO_TARGET_ENVIRONMENT: 'mtnrwanda', MOMO_CURRENCY: '' }).momo?.currency).toBe('RWF');
    });

    it.each([
      [{ MOMO_API_KEY: undefined }, /MOMO_API_KEY="": set all 5 of MOMO_BASE_URL, MOMO_TARGET_ENVIRONMENT, MOMO_SUBSCRIPTION_KEY, MOMO_API_USER, MOMO_API_KEY/],
      [{ MOMO_BASE_URL: undefined, MOMO_API_USER: undefined }, /MOMO_BASE_URL="".*\n.*MOMO_API_USER=""/],
      [{ MOMO_CURRENCY: 'RWF' }, /MOMO_CURRENCY="RWF": sandbox takes only EUR/],
      [{ MOMO_TARGET_ENVIRONMENT: 'mtnrwanda' }, /MOMO_CURRENCY="EUR": mtnrwanda takes only RWF/],
      [{ MOMO_TARGET_ENVIRONMENT: 'mtnuganda' }, /MOMO_TARGET_ENVIRONMENT="mtnuganda": must be sandbox or mtnrwanda/],
      [{ MOMO_BASE_URL: 'sandbox.momodeveloper.mtn.com' }, /MOMO_BASE_URL=.*must be an http\(s\) URL/],
      [{ MOMO_API_USER: 'my-user' }, /MOMO_API_USER="my-user": must be the API user id/],
      [{ MOMO_API_KEY: 'short' }, /MOMO_API_KEY="short": must be at least 16/],
    ])('stops on a half-set or wrong MoMo setting (%o), naming it', (change, message) => {
      const environment: Record<string, string | undefined> = { ...momo, ...change };
      expect(() => loadConfig(environment)).toThrow(ConfigError);
      expect(() => loadConfig(environment)).toThrow(message);
    });

    it('refuses MOMO_CURRENCY alone', () => {
      expect(() => loadConfig({ MOMO_CURRENCY: 'EUR' })).toThrow(/MOMO_CURRENCY="EUR": set only with the 5 MOMO_ variables/);
    });
  });
});
