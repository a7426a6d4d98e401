// /admin's sign-in for a guest: auth's login page, loaded as a chunk of its own. Lazily through this
// file, never by import() of auth's face: that face sits in the chunk both entries share, and a
// dynamic import of it would pull the page into that chunk (docs/decisions/010-feature-faces.md).
export { LoginPage as default } from '@web/features/auth';
