// A button that opens a panel beside it (the account menu, Rate Product): the panel closes on a click
// or tap outside it, or on Escape, which puts focus back on the button.
import { useEffect, useId, useRef, useState } from 'react';

export function usePopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  /** Wraps the button and the panel: a press inside keeps it open. */
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  /** Spread on the button that opens and closes the panel (whose id is panelId). */
  const toggleProps = {
    ref: toggleRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((value) => !value),
  };
  return { open, setOpen, panelId, rootRef, toggleProps };
}
