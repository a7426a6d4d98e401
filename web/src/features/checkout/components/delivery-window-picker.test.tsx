// The checkout's delivery time: the hint about the earliest free time is said only while that time is
// the one chosen, so "The earliest free time is chosen: today." never sits under Tomorrow.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DeliveryWindow } from '@server/modules/delivery/delivery.schema';
import { DeliveryWindowPicker } from './delivery-window-picker';

const window = (id: string, label: string, sameDay: boolean): DeliveryWindow =>
  ({ id, label, sameDay, available: true, start: `${id}:00+02:00`, end: `${id}:00+02:00` }) as DeliveryWindow;
const WINDOWS = [window('2026-12-01T16:00', 'Today 16:00–18:00', true), window('2026-12-02T08:00', 'Tomorrow 08:00–10:00', false)];

function Picker() {
  const [selected, setSelected] = useState(WINDOWS[0].id);
  return <DeliveryWindowPicker windows={WINDOWS} loading={false} failed={false} selectedId={selected} onSelect={setSelected} disabled={false} />;
}

describe('DeliveryWindowPicker', () => {
  it('says the earliest free time is chosen only while it is, and not once Tomorrow is chosen', async () => {
    render(<Picker />);
    expect(screen.getByText('The earliest free time is chosen: today.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Delivery time'), 'Tomorrow 08:00–10:00');
    expect(screen.queryByText(/earliest free time/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Delivery time'), 'Today 16:00–18:00');
    expect(screen.getByText('The earliest free time is chosen: today.')).toBeInTheDocument();
  });
});
