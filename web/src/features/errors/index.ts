// errors' face: the boundary that catches a failing screen and the not-found page, for the console's
// frame as for the storefront's.
export { AppErrorBoundary } from './error-boundary';
export { PageNotFound } from './not-found-page';
