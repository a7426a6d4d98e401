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
  ])('refuses %o and names %s', (environment, name) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${name}=`));
  });
});
