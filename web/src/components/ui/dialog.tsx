// A modal dialog labelled by its title. Content stays mounted only while open.
import { useId, type ReactNode } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import { useModalDialog } from './use-modal-dialog';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** CSS max width of the panel, e.g. 600 (px) or '40rem'. Default 480px. */
  maxWidth?: number | string;
  /** Optional line under the title, linked as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Dialog({ open, onClose, title, maxWidth = 480, description, children, className = '' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { ref, handlers } = useModalDialog(open, onClose);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`.trim()}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      style={{ maxWidth: typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth }}
      {...handlers}
    >
      {open && (
        <div className="dialog-panel">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <IconButton label="Close" size="sm" onClick={onClose}>
              <CloseIcon size={18} />
            </IconButton>
          </header>
          {description && (
            <p id={descriptionId} className="dialog-description">
              {description}
            </p>
          )}
          <div className="dialog-body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
