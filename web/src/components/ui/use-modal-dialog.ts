// Shared behaviour of Dialog and Drawer on top of the native <dialog>: showModal() gives a real
// modal (focus stays inside, the rest of the page is inert, Escape asks to close) for free.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { popToastHost, pushToastHost } from './toast';

function supportsModal(element: HTMLDialogElement): boolean {
  return typeof element.showModal === 'function';
}

export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where focus was before opening, so closing puts the keyboard user back where they were.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null;
      if (supportsModal(element)) {
        if (!element.open) element.showModal();
      } else {
        // Test DOMs (jsdom) have no showModal; the open attribute is enough there.
        element.setAttribute('open', '');
      }
      document.body.classList.add('has-modal');
      pushToastHost(element);
    } else {
      popToastHost(element);
      if (supportsModal(element)) {
        if (element.open) element.close();
      } else {
        element.removeAttribute('open');
      }
      document.body.classList.remove('has-modal');
      returnFocusTo.current?.focus?.();
      returnFocusTo.current = null;
    }
  }, [open]);

  // Unmounting while open must not leave the page unscrollable.
  useEffect(() => {
    const element = ref.current;
    return () => {
      document.body.classList.remove('has-modal');
      if (element) popToastHost(element);
    };
  }, []);

  const handlers = {
    // Escape fires "cancel"; we keep the dialog controlled by the parent's state.
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault();
      closeRef.current();
    },
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.key === 'Escape' && ref.current && !supportsModal(ref.current)) {
        event.preventDefault();
        closeRef.current();
      }
    },
    // A click on the dialog element itself (not its panel) is a click on the backdrop.
    onClick(event: MouseEvent<HTMLDialogElement>) {
      if (event.target === event.currentTarget) closeRef.current();
    },
  };

  return { ref, handlers };
}
