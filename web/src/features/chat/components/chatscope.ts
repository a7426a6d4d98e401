// The parts of chatscope's kit the conversation uses, imported file by file. The package's index (and its
// ChatContainer/MessageInput, which pull in Font Awesome and a contenteditable editor) would add ~23 kB gzipped
// to the widget for an input that a native <input> does better on a cheap phone (real keyboard, label, no patching).
export { default as MainContainer } from '@chatscope/chat-ui-kit-react/dist/es/MainContainer/MainContainer.js';
export { default as MessageList } from '@chatscope/chat-ui-kit-react/dist/es/MessageList/MessageList.js';
export { default as Message } from '@chatscope/chat-ui-kit-react/dist/es/Message/Message.js';
export { default as TypingIndicator } from '@chatscope/chat-ui-kit-react/dist/es/TypingIndicator/TypingIndicator.js';
