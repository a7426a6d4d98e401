// A weekly basket's day and time: the days the shop delivers, and that day's windows.
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { useId } from 'react';

const WEEKDAY_NAMES = [msg`Mondays`, msg`Tuesdays`, msg`Wednesdays`, msg`Thursdays`, msg`Fridays`, msg`Saturdays`, msg`Sundays`];

interface WeeklyTimeFieldsProps {
  times: Map<number, { start: string; label: string }[]>;
  weekday: number;
  windowStart: string;
  onChange: (weekday: number, windowStart: string) => void;
  disabled?: boolean;
}

export function WeeklyTimeFields({ times, weekday, windowStart, onChange, disabled }: WeeklyTimeFieldsProps) {
  const dayId = useId();
  const timeId = useId();
  const days = [...times.keys()].sort((a, b) => a - b);
  const starts = times.get(weekday) ?? [];
  return (
    <div className="weekly-fields">
      <div className="field">
        <label className="field-label" htmlFor={dayId}>
          {t`Every week on`}
        </label>
        <select
          id={dayId}
          className="input"
          value={weekday}
          disabled={disabled}
          onChange={(event) => {
            const day = Number(event.target.value);
            const same = times.get(day)?.find((one) => one.start === windowStart);
            onChange(day, same?.start ?? times.get(day)?.[0]?.start ?? windowStart);
          }}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {i18n._(WEEKDAY_NAMES[day - 1])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={timeId}>
          {t`Delivery time`}
        </label>
        <select id={timeId} className="input" value={windowStart} disabled={disabled} onChange={(event) => onChange(weekday, event.target.value)}>
          {starts.map((one) => (
            <option key={one.start} value={one.start}>
              {one.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
