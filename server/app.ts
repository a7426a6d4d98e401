// createApp(deps): the whole HTTP face of the shop. Tests mount it with a test database; main.ts
// with the real one. Routes stay thin; the services hold the rules.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { etag } from 'hono/etag';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { chatRoutes } from './channels/chat/chat.routes';
import { ussdLane } from './channels/ussd/ussd-lane';
import { ussdRoutes } from './channels/ussd/ussd.routes';
import { SMS_INCOMING_PATH, smsRoutes } from './channels/sms/sms.routes';
import { WHATSAPP_WEBHOOK_PATH, whatsappRoutes } from './channels/whatsapp/whatsapp.routes';
import { limitBody } from './lib/body-limit';
import type { AppEnv, ShopDeps } from './lib/deps';
import { API_DOCS_POLICY, storefrontPolicy } from './lib/content-security';
import { isAppError } from './lib/errors';
import { absoluteImageUrls } from './lib/image-urls';
import { lanesFirst, type Lane } from './lib/node-lanes';
import { securityHeaders } from './lib/security-headers';
import { storedReplies } from './lib/stored-replies';
import { buildOpenApiDocument, openApiRoutes } from './lib/openapi';
import { renderDocsPage } from './lib/openapi-page';
import { UNSTORABLE_TEXT } from './lib/path-params';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogReplies } from './modules/catalog/catalog-cache';
import { categoryRoutes, productRoutes } from './modules/catalog/catalog.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { basketRoutes } from './modules/baskets/baskets.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { momoCallbackRoutes, orderPaymentRoutes } from './modules/payments/payments.routes';
import { MOMO_CALLBACK_PATH, requestPaymentForNewOrder } from './modules/payments/payments.service';
import { orderAgainRoutes } from './modules/reorder/reorder.routes';
import { devOutboxEnabled, devOutboxRoutes } from './modules/outbox/outbox.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { riderRoutes } from './modules/dispatch/rider.routes';
import { MAX_IMAGE_BYTES } from './modules/catalog/staff-catalog.schema';
import { UPLOADS_URL_PATH, readUploadedImage } from './modules/catalog/uploads.service';
import { accountRoutes } from './modules/users/accounts.routes';
import { usersRoutes } from './modules/users/users.routes';

/** The largest JSON body a call under /api takes (an image upload excepted). */
const API_BODY_LIMIT = 100 * 1024;
/** The largest body MTN's request-to-pay callback is read up to: its result is a few short fields. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

export const IMAGES_DIR = path.resolve(import.meta.dirname, 'static/images');

export interface AppOptions {
  /** The built storefront to serve; left out in API tests. */
  webDistDir?: string;
  /** True once the server is shutting down: GET /api/health then answers 503 so a load balancer sends elsewhere. */
  isStopping?: () => boolean;
}

/** PostgreSQL refuses text holding a NUL byte (SQLSTATE 22021): that is the caller's input, not our failure. */
function isUnstorableText(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '22021';
}

function errorBody(message: string, error: string, errors?: unknown[], details: Record<string, unknown> = {}) {
  return { ...details, success: false as const, message, error, ...(errors?.length ? { errors } : {}) };
}

function apiRoutes(deps: ShopDeps, isStopping?: () => boolean) {
  const api = openApiRoutes();
  if (devOutboxEnabled(deps)) api.route('/dev/outbox', devOutboxRoutes(deps));
  api
    .route('/auth', accountRoutes(deps))
    .route('/user', usersRoutes(deps))
    .route('/product', productRoutes(deps))
    .route('/category', categoryRoutes(deps))
    .route('/cart', cartRoutes(deps))
    .route('/address', addressRoutes(deps))
    // The /order tree: orders' own calls, and the ones payments and reorder make on an order. Orders
    // imports neither: a MoMo order's first request to MTN is given to it here.
    .route('/order', orderRoutes(deps, (userId, placed) => requestPaymentForNewOrder(deps, userId, placed)))
    .route('/order', orderPaymentRoutes(deps))
    .route('/order', orderAgainRoutes(deps))
    .route('/delivery', deliveryRoutes(deps))
    .route('/baskets', basketRoutes(deps))
    .route('/contact', contactRoutes(deps))
    .route('/chat', chatRoutes(deps))
    .route('/admin', staffRoutes(deps))
    .route('/rider', riderRoutes(deps))
    .route('/', shopRoutes(deps, isStopping));
  // Made from every routes file's declarations on the first read (generating it takes a moment
  // that a starting server or a test that never reads it need not spend), then kept.
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  const document = () => (openApi ??= buildOpenApiDocument(api, { title: `${deps.config.shop.shopName} shop API`, version: '1.0.0' }));
  return api
    .get('/openapi.json', (c) => c.json(document()))
    .get('/docs', (c) => c.html(renderDocsPage(document()), 200, { 'Content-Security-Policy': API_DOCS_POLICY }));
}

function placeholderPage(shopName: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${shopName}</title></head><body style="font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${shopName}</h1><p>The storefront has not been built yet: run <code>npm run build</code>. The shop's API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;
}

/** What the storefront's service worker needs fresh: the worker itself and the manifest naming the app. */
const OFFLINE_FILES = ['/sw.js', '/manifest.webmanifest'] as const;

/** The staff console's addresses: the server answers them with the console's own page (admin.html). */
const isConsolePath = (urlPath: string) => urlPath === '/admin' || urlPath.startsWith('/admin/') || urlPath === '/admin.html';
/** The rider app's addresses: its own small page (rider.html). */
const isRiderPath = (urlPath: string) => urlPath === '/rider' || urlPath.startsWith('/rider/') || urlPath === '/rider.html';

/** A page of the web build, with the policy that lets its own inline scripts (read once, by hash) run. */
function webPage(root: string | undefined, fileName: string, publicBaseUrl: string | undefined) {
  const file = root ? path.join(root, fileName) : undefined;
  const exists = () => file !== undefined && existsSync(file);
  const read = () => (file && exists() ? readFileSync(file, 'utf8') : undefined);
  return { exists, read, policy: storefrontPolicy(read() ?? '', publicBaseUrl) };
}

function serveWeb(app: Hono<AppEnv>, deps: ShopDeps, webDistDir: string | undefined) {
  const root = webDistDir ? path.resolve(webDistDir) : undefined;
  // Two pages: the storefront, and the staff console apart from it so the shop's first load carries none of it.
  const storefront = webPage(root, 'index.html', deps.config.publicBaseUrl);
  const staffConsole = webPage(root, 'admin.html', deps.config.publicBaseUrl);
  const riderApp = webPage(root, 'rider.html', deps.config.publicBaseUrl);
  const pageFor = (urlPath: string) => {
    if (isConsolePath(urlPath) && staffConsole.exists()) return staffConsole;
    return isRiderPath(urlPath) && riderApp.exists() ? riderApp : storefront;
  };
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('Content-Security-Policy', pageFor(c.req.path).policy);
  });
  if (root && existsSync(root)) {
    // Hashed assets never change under their name; everything else is checked each time.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The storefront's service worker and app manifest (web/offline-shell.ts): never kept without asking,
    // so a new version reaches phones on their next visit; an unchanged one answers 304 with no body, so
    // the check a phone makes on every visit costs it a few bytes.
    for (const file of OFFLINE_FILES) {
      app.use(file, etag(), async (c, next) => {
        await next();
        if (c.res.status === 200 || c.res.status === 304) c.header('Cache-Control', 'no-cache');
      });
    }
    // The page's own pictures (the hero's slides, the mark), kept a day like the catalog's: the service
    // worker keeping what the first visit showed (web/src/lib/pwa/register-worker.ts) is then answered
    // by the browser's cache, not by a second download.
    for (const pictures of ['/hero/*', '/favicon.svg']) {
      app.use(pictures, async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=86400');
      });
    }
    // The build writes .br and .gz beside each asset; a phone on a slow network gets the smallest.
    app.use('/*', serveStatic({ root: path.relative(process.cwd(), root) || '.', precompressed: true }));
  }
  // Every other path is a route of one of the pages: its single-page app decides (and shows its 404).
  app.get('*', (c) => c.html(pageFor(c.req.path).read() ?? placeholderPage(deps.config.shop.shopName)));
}

export function createApp(deps: ShopDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (deps.config.logRequests) {
      // Path only: no query string, headers or bodies, so no token or password reaches the log.
      deps.log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  });
  app.use('*', securityHeaders());
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (deps.config.corsOrigins.includes('*') || deps.config.corsOrigins.includes(origin) ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  // A refused body closes its connection (lib/body-limit.ts): the client opens a fresh one.
  const refuseBody = (message: string) => (c: Context) => c.json(errorBody(message, 'payload_too_large'), 413);
  const tooLarge = limitBody(API_BODY_LIMIT, refuseBody('Request body is too large'));
  // An image upload is the one body allowed past 100 KB: the image limit plus the form's own bytes.
  const imageTooLarge = limitBody(MAX_IMAGE_BYTES + 64 * 1024, refuseBody('The image must be at most 2 MB'));
  // A GET or HEAD has no body to limit, and asking for one makes the Node adapter build a full
  // fetch Request (AbortSignal and all) for every catalog read: the hot path skips it.
  const withoutBody = (method: string) => method === 'GET' || method === 'HEAD';
  app.use('/api/*', (c, next) => {
    if (withoutBody(c.req.method)) return next();
    return c.req.path === '/api/admin/uploads' ? imageTooLarge(c, next) : tooLarge(c, next);
  });
  // Every call that answers with a product, category, cart or order gives absolute image URLs.
  for (const resource of ['product', 'category', 'cart', 'order', 'admin']) {
    app.use(`/api/${resource}/*`, absoluteImageUrls(deps.config.publicBaseUrl));
  }
  app.route('/api', apiRoutes(deps, options.isStopping));
  app.all('/api/*', (c) => c.json(errorBody('Not found', 'not_found'), 404));
  app.route('/ussd', ussdRoutes(deps));
  app.route(SMS_INCOMING_PATH, smsRoutes(deps));
  // Off without configuration: the path then falls through to the storefront like any unknown one.
  if (deps.config.whatsapp) app.route(WHATSAPP_WEBHOOK_PATH, whatsappRoutes(deps, deps.config.whatsapp));
  if (deps.config.momo) {
    // MTN's callback is a few fields of JSON, read only within this limit.
    app.use(MOMO_CALLBACK_PATH, limitBody(CALLBACK_BODY_LIMIT, refuseBody('Request body is too large')));
    app.route(MOMO_CALLBACK_PATH, momoCallbackRoutes(deps));
  }

  app.use('/images/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=86400');
  });
  app.use('/images/*', serveStatic({ root: path.relative(process.cwd(), path.dirname(IMAGES_DIR)) || '.' }));
  // Images staff uploaded, under DATA_DIR/uploads; names are ours (id + extension of the sniffed type).
  app.use(`${UPLOADS_URL_PATH}/*`, async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.get(`${UPLOADS_URL_PATH}/*`, async (c) => {
    const image = await readUploadedImage(deps, c.req.path.slice(UPLOADS_URL_PATH.length + 1));
    // Never the storefront's page: a missing image is a plain 404.
    if (!image) return c.text('Not found', 404);
    return c.body(image.bytes, 200, { 'Content-Type': image.type });
  });
  serveWeb(app, deps, options.webDistDir);

  app.onError((error, c) => {
    if (isAppError(error)) return c.json(errorBody(error.message, error.code, error.errors, error.details), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(error.message || 'Bad request', 'bad_request'), error.status);
    }
    if (isUnstorableText(error)) {
      return c.json(errorBody(UNSTORABLE_TEXT, 'bad_request'), 400);
    }
    deps.log.error('unhandled', { method: c.req.method, path: c.req.path, error: error instanceof Error ? error.stack : String(error) });
    return c.json(errorBody('Something went wrong', 'server_error'), 500);
  });
  return app;
}

/**
 * What @hono/node-server's serve() and createAdaptorServer() take to run the app on Node: its fetch,
 * keeping each catalog reply as sent, and a server whose request handler answers a GET it holds a
 * stored reply for, and a USSD gateway's form post, before the adapter and the middleware chain run
 * (lib/node-lanes.ts).
 */
export function nodeServing(deps: ShopDeps, app: ReturnType<typeof createApp>) {
  const replies = storedReplies(deps, catalogReplies(deps));
  const lanes = [replies.lane, ussdLane(deps)].filter((lane): lane is Lane => lane !== undefined);
  return {
    fetch: replies.fetch((request, env) => app.fetch(request, env)),
    // Node's createServer, typed as its overloads are (serve() always passes options and a listener).
    createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, lanesFirst(lanes, listener))) as typeof createServer,
  };
}
