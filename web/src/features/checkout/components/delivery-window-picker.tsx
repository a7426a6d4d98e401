// The delivery window for the order: the windows the shop can still take, the earliest chosen first.
// The words are the server's ("Today 16:00–18:00"), so every face names a window alike.
import { t } from '@lingui/core/macro';
import { deliveryWindowName } from '@web/lib/i18n/format';
import { useId } from 'react';
import type { DeliveryWindow } from '@server/modules/delivery/delivery.schema';

interface DeliveryWindowPickerProps {
  windows: DeliveryWindow[];
  loading: boolean;
  failed: boolean;
  selectedId: string;
  onSelect: (id: string) => void;
  disabled: boolean;
}

export function DeliveryWindowPicker({ windows, loading, failed, selectedId, onSelect, disabled }: DeliveryWindowPickerProps) {
  const selectId = useId();
  const hintId = useId();
  const free = windows.filter((window) => window.available);
  // The hint speaks of the earliest time only while it is the one chosen: never "today" under Tomorrow.
  const earliestChosen = Boolean(free.length) && (!selectedId || selectedId === free[0].id);
  return (
    <div className="field delivery-window">
      <label className="field-label" htmlFor={selectId}>
        {t`Delivery time`}
      </label>
      {loading && !windows.length ? <p>{t`Loading delivery times...`}</p> : null}
      {failed && !windows.length ? <p role="alert">{t`Could not load the delivery times: the earliest free one will be chosen.`}</p> : null}
      {!loading && !failed && !free.length ? (
        <p role="alert">{t`No delivery time is free in the next 7 days. Please try again later.`}</p>
      ) : null}
      {free.length ? (
        <>
          <select
            id={selectId}
            className="input"
            value={selectedId}
            onChange={(event) => onSelect(event.target.value)}
            disabled={disabled}
            aria-describedby={earliestChosen ? hintId : undefined}
          >
            {free.map((window) => (
              <option key={window.id} value={window.id}>
                {deliveryWindowName(window)}
              </option>
            ))}
          </select>
          {earliestChosen ? (
            <p id={hintId} className="delivery-window-hint">
              {free[0].sameDay ? t`The earliest free time is chosen: today.` : t`No more deliveries today: the earliest free time is chosen.`}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
