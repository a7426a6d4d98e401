// Buttons in four looks. `busy` keeps the width steady, shows a spinner and blocks double submits.
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class list of a button; also for links that should look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false, extra = ''): string {
  return ['btn', `btn-${variant}`, size !== 'md' ? `btn-${size}` : '', block ? 'btn-block' : '', extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Shows a spinner and disables the button; pair it with the busy label as children ('Adding...'). */
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy = false,
  icon,
  type = 'button',
  className = '',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/** A square button holding only an icon; `label` is its accessible name. */
export function IconButton({ label, className = '', children, ...rest }: ButtonProps & { label: string }) {
  return (
    <Button variant="ghost" {...rest} className={`btn-icon ${className}`.trim()} aria-label={label} title={label}>
      {children}
    </Button>
  );
}
