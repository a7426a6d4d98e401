// The environment, read once and checked. A bad value stops the process with a message naming it.
import { z } from 'zod';

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const optionalSecret = (min: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine((value) => !value || value.length >= min, `must be at least ${min} characters`);

const WHATSAPP_KEYS = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

const optionalSetting = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/**
 * The SMTP server in SMTP_URL: smtp://user:password@host:587 (STARTTLS) or smtps://…@host:465 (TLS
 * from the start); user and password URL-encoded, both or neither. Undefined when it is not such a URL.
 */
function smtpServerOf(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const secure = url.protocol === 'smtps:';
  if ((url.protocol !== 'smtp:' && !secure) || !url.hostname || !['', '/'].includes(url.pathname) || url.search || url.hash) return undefined;
  if (Boolean(url.username) !== Boolean(url.password)) return undefined;
  try {
    const user = url.username ? decodeURIComponent(url.username) : undefined;
    const pass = url.password ? decodeURIComponent(url.password) : undefined;
    return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : secure ? 465 : 587, secure, user, pass };
  } catch {
    return undefined;
  }
}

/** A From header: shop@example.rw, or Isoko <shop@example.rw>. */
const MAILBOX = /^(?:[^<>@\r\n]*<\s*[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

// MTN MoMo Collections (request-to-pay): the five below turn it on; none leaves it off; some stops the start.
const MOMO_KEYS = ['MOMO_BASE_URL', 'MOMO_TARGET_ENVIRONMENT', 'MOMO_SUBSCRIPTION_KEY', 'MOMO_API_USER', 'MOMO_API_KEY'] as const;
/** The only currency each target environment takes: MTN's sandbox knows only EUR; Rwanda's live API, RWF. */
const MOMO_CURRENCY_OF = { sandbox: 'EUR', mtnrwanda: 'RWF' } as const;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => !value || /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    CORS_ORIGINS: commaList,
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    LOG_REQUESTS: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    SHOP_NAME: z.string().min(1).default('Isoko'),
    // A made-up code: never a real merchant's. Set MOMO_PAY_CODE to the shop's own.
    MOMO_PAY_CODE: z.string().regex(/^\d{4,10}$/, 'must be 4 to 10 digits').default('123456'),
    BUSINESS_NAME: z.string().min(1).default('Isoko Ltd'),
    SUPPORT_PHONE: z.string().min(1).default('+250 788 000 000'),
    SUPPORT_EMAIL: z.string().email('must be an e-mail address').default('support@isoko.rw'),
    SHOP_ADDRESS: z.string().min(1).default('Nyarugenge, Kigali, Rwanda'),
    CONTACT_RECIPIENT: z.string().email('must be an e-mail address').optional(),
    USSD_SERVICE_CODE: z.string().min(1).default('*384*4766#'),
    USSD_SECRET: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => !value || value.length >= 16, 'must be at least 16 characters'),
    // Africa's Talking SMS: off unless both the username and the API key are set.
    AT_USERNAME: optionalSetting,
    AT_API_KEY: optionalSetting,
    AT_SMS_SENDER_ID: optionalSetting,
    AT_SMS_URL: optionalSetting.refine((value) => !value || /^https?:\/\/\S+$/.test(value), 'must be an http(s) URL'),
    // E-mail over SMTP: off unless both are set.
    SMTP_URL: optionalSetting.refine((value) => !value || smtpServerOf(value) !== undefined, 'must be smtp://user:password@host:port or smtps://user:password@host:port (user and password URL-encoded)'),
    MAIL_FROM: optionalSetting.refine((value) => !value || MAILBOX.test(value), 'must be an address (shop@example.rw) or a name and <address> (Isoko <shop@example.rw>)'),
    // Unset: in the database when there is a PostgreSQL server (several instances may serve it), else in memory.
    CONVERSATION_STORE: z.enum(['memory', 'db']).optional(),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    DEV_OUTBOX: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    WEB_DIST_DIR: z.string().min(1).default('web/dist'),
    // WhatsApp Cloud API: all four set turns the channel on at /whatsapp/webhook; none leaves it off.
    WHATSAPP_ACCESS_TOKEN: optionalSecret(16),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => !value || /^\d{5,20}$/.test(value), 'must be the digits of the phone number id'),
    WHATSAPP_APP_SECRET: optionalSecret(16),
    WHATSAPP_VERIFY_TOKEN: optionalSecret(16),
    WHATSAPP_GRAPH_URL: z.string().url('must be a URL').default('https://graph.facebook.com/v21.0'),
    MOMO_BASE_URL: optionalSetting.refine((value) => !value || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(value), 'must be an http(s) URL, e.g. https://sandbox.momodeveloper.mtn.com'),
    MOMO_TARGET_ENVIRONMENT: optionalSetting.refine((value) => !value || value in MOMO_CURRENCY_OF, 'must be sandbox or mtnrwanda'),
    MOMO_SUBSCRIPTION_KEY: optionalSecret(16),
    MOMO_API_USER: optionalSetting.refine((value) => !value || UUID_PATTERN.test(value), 'must be the API user id (a UUID)'),
    MOMO_API_KEY: optionalSecret(16),
    MOMO_CURRENCY: optionalSetting,
    /** Where shoppers reach this server (https://shop.example.rw): makes picture links absolute for WhatsApp. */
    PUBLIC_BASE_URL: z
      .string()
      .optional()
      .transform((value) => value?.trim().replace(/\/+$/, '') || undefined)
      .refine((value) => !value || /^https?:\/\//.test(value), 'must start with https:// or http://'),
  })
  .superRefine((env, ctx) => {
    const set = WHATSAPP_KEYS.filter((key) => env[key]);
    if (set.length && set.length < WHATSAPP_KEYS.length) {
      for (const key of WHATSAPP_KEYS.filter((name) => !env[name])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'set all four WHATSAPP_ variables, or none' });
      }
    }
  })
  .superRefine((env, ctx) => {
    const set = MOMO_KEYS.filter((key) => env[key]);
    if (!set.length) {
      if (env.MOMO_CURRENCY) ctx.addIssue({ code: 'custom', path: ['MOMO_CURRENCY'], message: `set only with the ${MOMO_KEYS.length} MOMO_ variables of request-to-pay` });
      return;
    }
    if (set.length < MOMO_KEYS.length) {
      for (const key of MOMO_KEYS.filter((name) => !env[name])) {
        ctx.addIssue({ code: 'custom', path: [key], message: `set all ${MOMO_KEYS.length} of ${MOMO_KEYS.join(', ')} for MoMo request-to-pay, or none` });
      }
      return;
    }
    const target = env.MOMO_TARGET_ENVIRONMENT as keyof typeof MOMO_CURRENCY_OF;
    const currency = env.MOMO_CURRENCY ?? 'RWF';
    if (MOMO_CURRENCY_OF[target] && currency !== MOMO_CURRENCY_OF[target]) {
      ctx.addIssue({ code: 'custom', path: ['MOMO_CURRENCY'], message: `${target} takes only ${MOMO_CURRENCY_OF[target]}` });
    }
  })
  .refine((env) => Boolean(env.AT_USERNAME) === Boolean(env.AT_API_KEY), {
    message: 'set both AT_USERNAME and AT_API_KEY to send SMS, or neither',
    path: ['AT_API_KEY'],
  })
  .refine((env) => Boolean(env.SMTP_URL) === Boolean(env.MAIL_FROM), {
    message: 'set both SMTP_URL and MAIL_FROM to send e-mail, or neither',
    path: ['MAIL_FROM'],
  })
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL, {
    path: ['WEB_CONCURRENCY'],
    message: 'the embedded database belongs to one process: set DATABASE_URL (a PostgreSQL server) to run several workers',
  })
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.CONVERSATION_STORE !== 'memory', {
    path: ['CONVERSATION_STORE'],
    message: 'each worker would keep its own USSD and chat sessions: use db (the default with DATABASE_URL) to run several workers',
  })
  .refine((env) => !(env.DEV_OUTBOX && env.NODE_ENV === 'production'), {
    path: ['DEV_OUTBOX'],
    message: 'shows one-time codes: never in production',
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    corsOrigins: env.CORS_ORIGINS,
    tokenTtlDays: env.TOKEN_TTL_DAYS,
    logRequests: env.LOG_REQUESTS,
    webDistDir: env.WEB_DIST_DIR,
    conversationStore: env.CONVERSATION_STORE ?? (env.DATABASE_URL ? 'db' : 'memory'),
    /** Worker processes of this server (node:cluster), all on one port; 1 runs no cluster. */
    webConcurrency: env.WEB_CONCURRENCY,
    /** On SIGTERM, how long the server keeps serving (its health check failing) before it stops accepting. */
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    sms:
      env.AT_USERNAME && env.AT_API_KEY
        ? { username: env.AT_USERNAME, apiKey: env.AT_API_KEY, senderId: env.AT_SMS_SENDER_ID, url: env.AT_SMS_URL }
        : undefined,
    email: env.SMTP_URL && env.MAIL_FROM ? { ...smtpServerOf(env.SMTP_URL)!, from: env.MAIL_FROM } : undefined,
    trustProxy: env.TRUST_PROXY,
    devOutbox: env.DEV_OUTBOX,
    ussd: { serviceCode: env.USSD_SERVICE_CODE, secret: env.USSD_SECRET },
    shop: {
      shopName: env.SHOP_NAME,
      payCode: env.MOMO_PAY_CODE,
      businessName: env.BUSINESS_NAME,
      supportPhone: env.SUPPORT_PHONE,
      supportEmail: env.SUPPORT_EMAIL,
      address: env.SHOP_ADDRESS,
      ussdServiceCode: env.USSD_SERVICE_CODE,
      /** Whether "Pay now with MoMo" (request-to-pay) is offered beside cash on delivery. */
      momoRequestToPay: momoSettings(env) !== undefined,
    },
    contactRecipient: env.CONTACT_RECIPIENT ?? env.SUPPORT_EMAIL,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    whatsapp:
      env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN
        ? {
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            graphUrl: env.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
          }
        : undefined,
    momo: momoSettings(env),
  }));

/** The request-to-pay account, when all of it is configured (the schema has checked it is all or none). */
function momoSettings(env: Record<(typeof MOMO_KEYS)[number] | 'MOMO_CURRENCY', string | undefined>) {
  const { MOMO_BASE_URL: baseUrl, MOMO_TARGET_ENVIRONMENT: target, MOMO_SUBSCRIPTION_KEY: subscriptionKey, MOMO_API_USER: apiUser, MOMO_API_KEY: apiKey } = env;
  if (!baseUrl || !target || !subscriptionKey || !apiUser || !apiKey) return undefined;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    targetEnvironment: target as keyof typeof MOMO_CURRENCY_OF,
    subscriptionKey,
    apiUser,
    apiKey,
    currency: (env.MOMO_CURRENCY ?? 'RWF') as 'RWF' | 'EUR',
    /** MTN down or slow: a call that has not answered by then is given up (the shop carries on without it). */
    timeoutMs: 10_000,
  };
}
export type MomoSettings = NonNullable<ReturnType<typeof momoSettings>>;

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** A value as the start-up error shows it: a URL's user and password (SMTP_URL, DATABASE_URL) hidden. */
function shownValue(name: string, value: string): string {
  return name.endsWith('_URL') ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^]*@/i, (_, scheme = '') => `${scheme}***@`) : value;
}

/** Reads the configuration from an environment (the process's by default). */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(environment);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment';
    return `  ${name}=${JSON.stringify(shownValue(name, environment[name] ?? ''))}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
