import { t } from '@lingui/core/macro';
// A spinning ring, with an optional visible message ('Loading products...') announced politely.
interface SpinnerProps {
  /** Visible text next to the ring; also what screen readers hear. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className = '' }: SpinnerProps) {
  return (
    <span className={`spinner-wrap ${className}`.trim()} role="status">
      <span className={`spinner spinner-${size}`} aria-hidden="true" />
      {label ? <span className="spinner-label">{label}</span> : <span className="visually-hidden">{t`Loading`}</span>}
    </span>
  );
}

/** A centred block for a whole-section loading state. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="loading-block">
      <Spinner label={label} size="lg" />
    </div>
  );
}
