// A catalog file as the app imports it: Lingui's Vite plugin compiles it into its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
