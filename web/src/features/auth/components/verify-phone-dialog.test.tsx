// The code step after sign-up with a phone number or a new number on the profile.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { postResendPhoneCode, postVerifyPhone } from '../api/auth-api';
import { VerifyPhoneDialog } from './verify-phone-dialog';

vi.mock('../api/auth-api', () => ({ postVerifyPhone: vi.fn(), postResendPhoneCode: vi.fn() }));

beforeEach(() => {
  toast.clear();
  vi.mocked(postVerifyPhone).mockReset().mockResolvedValue({ success: true, message: 'Phone number verified', user: { _id: 'u', fullName: 'Aline', phoneVerified: true, roles: ['shopper'] } });
  vi.mocked(postResendPhoneCode).mockReset().mockResolvedValue({ success: true, message: 'We have sent a new code by SMS. It works for 10 minutes.' });
});

function open() {
  const onVerified = vi.fn();
  const onClose = vi.fn();
  render(<VerifyPhoneDialog open phoneNumber="+250788123456" onVerified={onVerified} onClose={onClose} />);
  return { onVerified, onClose };
}

describe('VerifyPhoneDialog', () => {
  it('says where the code went and sends the 6 digits typed', async () => {
    const { onVerified } = open();
    expect(screen.getByText(/We sent a 6-digit code by SMS to \+250788123456/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(postVerifyPhone).toHaveBeenCalledWith('123456');
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  it('checks the code before calling the server', async () => {
    const { onVerified } = open();
    await userEvent.type(screen.getByLabelText('6-digit code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code we sent you')).toBeInTheDocument();
    expect(postVerifyPhone).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the code is refused, and stays open", async () => {
    const reason = 'The code is wrong or has expired. Ask for a new one.';
    vi.mocked(postVerifyPhone).mockRejectedValue(new ApiError(reason, 400, 'invalid_code', [{ message: reason, field: 'code' }]));
    const { onVerified } = open();
    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('sends a new code and says so; a refused resend says why', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We have sent a new code by SMS.');
    vi.mocked(postResendPhoneCode).mockRejectedValue(new ApiError('Too many codes sent. Try again in an hour.', 429, 'too_many_codes', []));
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Too many codes sent. Try again in an hour.')).toBeInTheDocument();
  });

  it('can be left for later', async () => {
    const { onClose } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
