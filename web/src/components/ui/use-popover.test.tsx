// The account menu's and Rate Product's panel (usePopover): the button opens and closes it, a press
// outside closes it and one inside does not, and Escape closes it with focus back on the button.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePopover } from './use-popover';

function Menu() {
  const { open, panelId, rootRef, toggleProps } = usePopover();
  return (
    <>
      <p>Elsewhere on the page</p>
      <div ref={rootRef}>
        <button {...toggleProps}>Menu</button>
        <ul id={panelId} hidden={!open}>
          <li>
            <button type="button">Profile</button>
          </li>
        </ul>
      </div>
    </>
  );
}

describe('usePopover', () => {
  it('opens and closes on its button, and says so to screen readers', async () => {
    render(<Menu />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list')).toBeVisible();
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('list').id);
    await userEvent.click(toggle);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('stays open for a press inside and closes for one outside', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.getByRole('list')).toBeVisible();
    await userEvent.click(screen.getByText('Elsewhere on the page'));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('closes on Escape and puts focus back on its button', async () => {
    render(<Menu />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list')).toBeNull();
    expect(toggle).toHaveFocus();
  });
});
