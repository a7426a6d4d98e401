// A side panel (cart, mobile menu, edit forms): the same modal behaviour as Dialog, docked to an edge.
import { useId, type ReactNode } from 'react';
import { ModalHeader } from './modal-header';
import { useModalDialog } from './use-modal-dialog';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  side?: 'left' | 'right' | 'bottom';
  /** Pinned under the scrolling body (totals, action buttons). */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Drawer({ open, onClose, title, side = 'right', footer, children, className = '' }: DrawerProps) {
  const titleId = useId();
  const { ref, handlers } = useModalDialog(open, onClose);

  return (
    <dialog ref={ref} className={`drawer drawer-${side} ${className}`.trim()} aria-labelledby={titleId} {...handlers}>
      {open && (
        <div className="drawer-panel">
          <ModalHeader kind="drawer" titleId={titleId} title={title} onClose={onClose} />
          <div className="drawer-body">{children}</div>
          {footer && <footer className="drawer-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
