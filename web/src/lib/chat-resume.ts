// A guest who follows the chat's "Log in" link is remembered in this tab, so once signed in the
// chat opens again by itself and carries on with what they asked for. Kept tiny and apart from the
// chat feature: the layout's launcher reads it without loading the chat.
const KEY = 'isoko-chat-login-pending';

export function markChatLoginPending(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage disabled: the shopper reopens the chat by hand.
  }
}

export function isChatLoginPending(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearChatLoginPending(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
