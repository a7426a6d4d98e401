// Says plainly when the phone is offline, and while what was done offline waits or is being sent: the
// shop still opens and shows what was seen, and nothing the shopper did is lost (lib/outbox.ts).
import { plural, t } from '@lingui/core/macro';
import { useConnection } from '@web/lib/connection';
import { useOutbox } from '@web/lib/outbox';

export function ConnectionBanner() {
  const online = useConnection((state) => state.online);
  const waitingCount = useOutbox((state) => state.entries.length);
  if (online && waitingCount === 0) return null;
  const waitingText = plural(waitingCount, {
    one: '# change waits to be sent to the shop.',
    other: '# changes wait to be sent to the shop.',
  });
  return (
    <div className={`connection-banner${online ? ' connection-banner-sending' : ''}`} role="status">
      <div className="container">
        {online ? (
          <p>{t`Back online: sending what you did offline...`}</p>
        ) : (
          <p>
            <strong>{t`You are offline.`}</strong> {t`You can still look at what you have seen and fill your cart.`}{' '}
            {waitingCount > 0 ? waitingText : t`Anything that needs the shop is sent when the network returns.`}
          </p>
        )}
      </div>
    </div>
  );
}
