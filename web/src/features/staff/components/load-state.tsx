// What a console screen shows while it loads or after a call failed: a spinner, or the server's
// message with a way to try again.
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import type { Remote } from '../use-remote';

export function LoadState<T>({ state, onRetry, label }: { state: Remote<T>; onRetry: () => void; label: string }) {
  if (state.status === 'loading' && state.data === undefined) return <LoadingBlock label={label} />;
  if (state.status === 'error') {
    return (
      <div className="staff-error" role="alert">
        <p>{state.error.message}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}
