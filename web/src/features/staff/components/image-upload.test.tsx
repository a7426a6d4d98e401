// Choosing a picture: the wrong type or a file over 2 MB is refused before anything is sent; a good one
// is uploaded as multipart and its stored path handed to the form.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { ImageUpload, imageFileProblem } from './image-upload';

afterEach(() => vi.unstubAllGlobals());

describe('ImageUpload', () => {
  it('refuses other types and files over 2 MB', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG, PNG or WebP picture');
    expect(imageFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('The picture must be at most 2 MB');
    expect(imageFileProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
  });

  it('says why a chosen file was refused and sends nothing', async () => {
    const fetchMock = mockFetch(() => json({}));
    render(<ImageUpload value="" preview="" onUploaded={() => {}} />);
    const input = screen.getByLabelText('Picture (JPEG, PNG or WebP, up to 2 MB)');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP picture');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a picture and hands back its stored path', async () => {
    mockFetch(async (request) => {
      expect(new URL(request.url).pathname).toBe('/api/admin/uploads');
      expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
      // jsdom's File loses its name on the way into Node's FormData; the field and type still tell.
      const form = await request.formData();
      expect((form.get('image') as File).type).toBe('image/png');
      return json({ success: true, image: '/uploads/ab12.png', url: 'http://localhost/uploads/ab12.png', type: 'image/png', size: 4 }, 201);
    });
    const onUploaded = vi.fn();
    render(<ImageUpload value="" preview="" onUploaded={onUploaded} />);
    await userEvent.setup().upload(
      screen.getByLabelText('Picture (JPEG, PNG or WebP, up to 2 MB)'),
      new File([new Uint8Array([137, 80, 78, 71])], 'tomato.png', { type: 'image/png' }),
    );
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('/uploads/ab12.png', 'http://localhost/uploads/ab12.png'));
  });

  it('says a WebP picture will not show on WhatsApp, and a PNG is just ready', () => {
    const { rerender } = render(<ImageUpload value="/uploads/ab12.webp" preview="" onUploaded={() => {}} />);
    expect(screen.getByText(/^Picture ready/)).toHaveTextContent('Picture ready. WhatsApp shows only JPEG or PNG pictures, so shoppers there will not see this one.');
    rerender(<ImageUpload value="/uploads/ab12.png" preview="" onUploaded={() => {}} />);
    expect(screen.getByText(/^Picture ready/)).toHaveTextContent(/^Picture ready$/);
  });

  it("shows the server's refusal", async () => {
    mockFetch(() => json({ success: false, error: 'unsupported_media_type', message: 'The file is not a JPEG, PNG or WebP image' }, 415));
    render(<ImageUpload value="" preview="" onUploaded={() => {}} />);
    await userEvent.setup().upload(
      screen.getByLabelText('Picture (JPEG, PNG or WebP, up to 2 MB)'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG or WebP image');
  });
});
