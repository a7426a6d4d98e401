// An /admin address the console does not know: errors' not-found page, loaded as a chunk of its own
// (through this file for the reason pages/login-page.ts gives).
export { PageNotFound as default } from '@web/features/errors';
