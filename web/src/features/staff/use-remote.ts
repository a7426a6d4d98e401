// The console reads server data with the storefront's one fetching hook (web/src/lib/use-remote.ts).
export { useRemote, type Remote } from '@web/lib/use-remote';
