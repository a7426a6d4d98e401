// The contact form: the shared schema's messages, 'Sending...', success clears the form, failure says so.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { toast } from '@web/components/ui/toast';
import { useAuthStore } from '@web/features/auth';
import { ContactForm } from './contact-form';

async function fillIn(values: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.subject) await user.type(screen.getByLabelText('Subject'), values.subject);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
  return user;
}

beforeEach(() => toast.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('requires every field and makes no call', async () => {
    const fetchMock = mockFetch(() => json({}));
    render(<ContactForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format', async () => {
    mockFetch(() => json({}));
    render(<ContactForm />);
    const user = await fillIn({ name: 'Aline', email: 'aline@', subject: 'Hi', message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
  });

  it("posts the message, shows 'Sending...', then the success message, and clears the form", async () => {
    let release: () => void = () => {};
    const fetchMock = mockFetch(async (request) => {
      expect(new URL(request.url).pathname).toBe('/api/contact');
      expect(await request.json()).toEqual({ name: 'Aline', email: 'aline@example.rw', subject: 'Delivery', message: 'When?' });
      await new Promise<void>((resolve) => (release = resolve));
      return json({ success: true, message: "Message sent! We'll get back to you soon." }, 201);
    });
    render(<ContactForm />);
    const user = await fillIn({ name: 'Aline', email: 'aline@example.rw', subject: 'Delivery', message: 'When?' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText("Message sent! We'll get back to you soon.", { selector: 'p' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it('says so when sending fails', async () => {
    mockFetch(() => json({ success: false, message: 'Something went wrong' }, 500));
    render(<ContactForm />);
    const user = await fillIn({ name: 'Aline', email: 'aline@example.rw', subject: 'Delivery', message: 'When?' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message. Please try again.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Aline');
  });

  it('a signed-in shopper finds their name and e-mail filled in, and kept after sending', async () => {
    useAuthStore.setState({ user: { fullName: 'Aline Uwase', email: 'aline@example.rw', phoneNumber: '+250788765432' } });
    try {
      const sent: unknown[] = [];
      const fetchMock = mockFetch(async (request) => {
        sent.push(await request.json());
        return json({ success: true, message: "Message sent! We'll get back to you soon." }, 201);
      });
      render(<ContactForm />);
      expect(screen.getByLabelText('Name')).toHaveValue('Aline Uwase');
      expect(screen.getByLabelText('Email')).toHaveValue('aline@example.rw');
      const user = await fillIn({ subject: 'Delivery', message: 'Do you come to Kanombe?' });
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sent[0]).toEqual({ name: 'Aline Uwase', email: 'aline@example.rw', subject: 'Delivery', message: 'Do you come to Kanombe?' });
      await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
      expect(screen.getByLabelText('Name')).toHaveValue('Aline Uwase');
    } finally {
      useAuthStore.setState({ user: null });
    }
  });
});
