// The profile edit form: its field messages and its update messages (docs/product.md sections 5 and 8),
// with the call mocked.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { updateProfile } from '../api/profile-api';
import { EditProfileForm } from './edit-profile-form';

vi.mock('../api/profile-api', () => ({ updateProfile: vi.fn(), fetchAccount: vi.fn() }));

const account = { _id: 'u1', fullName: 'Aline Uwase', email: 'aline@example.rw', phoneNumber: '+250788123456', roles: ['shopper' as const] };

beforeEach(() => {
  toast.clear();
  vi.mocked(updateProfile).mockReset();
});

function renderForm() {
  const onSaved = vi.fn();
  render(<EditProfileForm account={account} onSaved={onSaved} onCancel={vi.fn()} />);
  return onSaved;
}

async function replace(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('EditProfileForm', () => {
  it('starts from the current details', () => {
    renderForm();
    expect(screen.getByLabelText('Full name')).toHaveValue('Aline Uwase');
    expect(screen.getByLabelText('Email')).toHaveValue('aline@example.rw');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+250788123456');
  });

  it("shows each field's message", async () => {
    renderForm();
    await replace('Full name', '');
    await replace('Email', 'aline@');
    await replace('Phone number', '+1');
    await replace('New password (optional)', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid or missing email')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('saves without a password and says so', async () => {
    vi.mocked(updateProfile).mockResolvedValue({ ...account, fullName: 'Aline U.' });
    const onSaved = renderForm();
    await replace('Full name', 'Aline U.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...account, fullName: 'Aline U.' }));
    expect(updateProfile).toHaveBeenCalledWith({
      fullName: 'Aline U.',
      email: 'aline@example.rw',
      phoneNumber: '+250788123456',
      password: undefined,
    });
    expect(toast.current().map((item) => item.message)).toContain('Profile updated successfully');
  });

  it('shows the first server error, or the fallback', async () => {
    vi.mocked(updateProfile).mockRejectedValueOnce(
      new ApiError('Invalid input', 400, 'validation', [{ message: 'Email already in use' }, { message: 'Other' }]),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['Email already in use']));
    toast.clear();
    vi.mocked(updateProfile).mockRejectedValueOnce(new ApiError('Something went wrong', 500, 'server'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(toast.current().map((item) => item.message)).toEqual(['Failed to update profile']));
  });
});
