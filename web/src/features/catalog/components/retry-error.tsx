// A list that failed to load: its message and a way to try again (docs/product.md section 2: 'Try Again').
import { t } from '@lingui/core/macro';
export function RetryError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="state-message state-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t`Try Again`}
      </button>
    </div>
  );
}
