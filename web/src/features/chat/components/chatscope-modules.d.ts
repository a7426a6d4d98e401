// Types for the per-file imports in chatscope.ts: the same components the package's typed index exports.
declare module '@chatscope/chat-ui-kit-react/dist/es/MainContainer/MainContainer.js' {
  export { MainContainer as default } from '@chatscope/chat-ui-kit-react';
}
declare module '@chatscope/chat-ui-kit-react/dist/es/MessageList/MessageList.js' {
  export { MessageList as default } from '@chatscope/chat-ui-kit-react';
}
declare module '@chatscope/chat-ui-kit-react/dist/es/Message/Message.js' {
  export { Message as default } from '@chatscope/chat-ui-kit-react';
}
declare module '@chatscope/chat-ui-kit-react/dist/es/TypingIndicator/TypingIndicator.js' {
  export { TypingIndicator as default } from '@chatscope/chat-ui-kit-react';
}
