// The conversation view against a mocked network: what the shopper sees and what reaches POST /api/chat.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@web/test/mock-fetch';
import { resetChatStore, useChatStore } from '../chat-store';
import { ChatConversation, inputLabel } from './chat-conversation';
import ChatWidget from '../chat-widget';

type Reply = { sessionId: string; messages: { text: string }[]; options: { key: string; label: string }[]; end: boolean };

const welcome: Reply = {
  sessionId: 's1',
  messages: [{ text: 'Welcome to Isoko!\nType a product name or choose:' }],
  options: [
    { key: '1', label: 'Search products' },
    { key: '2', label: 'Categories' },
  ],
  end: false,
};

/** Answers each POST /api/chat with the next reply (a number is an HTTP error status) and records the bodies. */
function mockChat(...replies: (Reply | number)[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = mockFetch(async (request) => {
    expect(new URL(request.url).pathname).toBe('/api/chat');
    bodies.push((await request.json()) as Record<string, unknown>);
    const next = replies.shift() ?? 500;
    return typeof next === 'number' ? json({ success: false, message: 'Something went wrong' }, next) : json(next);
  });
  return { bodies, fetchMock };
}

function renderConversation(path = '/products?search=beans') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ChatConversation />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetChatStore();
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('ChatConversation', () => {
  it('opens with an empty text and shows the reply and its options', async () => {
    const { bodies } = mockChat(welcome);
    renderConversation();

    expect(await screen.findByText(/Welcome to Isoko!/)).toBeInTheDocument();
    expect(bodies).toEqual([{ text: '' }]);
    const log = screen.getByRole('log', { name: 'Conversation with Isoko' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getByRole('button', { name: 'Search products' })).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Categories' })).toBeInTheDocument();
    // The shop speaks on one side, the shopper on the other.
    expect(log.querySelector('.cs-message--incoming')).not.toBeNull();
  });

  it("sends the option's key, echoes its label, and keeps the session id", async () => {
    const { bodies } = mockChat(welcome, {
      sessionId: 's1',
      messages: [{ text: 'Type the product you want:' }],
      options: [{ key: '0', label: 'Back' }],
      end: false,
    });
    renderConversation();

    await userEvent.click(await screen.findByRole('button', { name: 'Categories' }));
    expect(await screen.findByText('Type the product you want:')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ sessionId: 's1', text: '2' });
    const outgoing = screen.getByText('Categories', { selector: '.cs-message--outgoing *' });
    expect(outgoing).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search products' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('sends free text typed in the input', async () => {
    const { bodies } = mockChat(welcome, { ...welcome, messages: [{ text: 'Results for "tomatos":' }], options: [] });
    renderConversation();
    await screen.findByText(/Welcome to Isoko!/);

    await userEvent.type(screen.getByRole('textbox', { name: inputLabel() }), '  tomatos {Enter}');

    expect(await screen.findByText('Results for "tomatos":')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ sessionId: 's1', text: 'tomatos' });
  });

  it('turns a login option into a link back to the current page', async () => {
    mockChat({
      sessionId: 's1',
      messages: [{ text: 'Please log in to add items to your cart.' }],
      options: [
        { key: 'login', label: 'Log in' },
        { key: '00', label: 'Home' },
      ],
      end: false,
    });
    renderConversation('/products?search=beans');

    const link = await screen.findByRole('link', { name: 'Log in' });
    expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/products?search=beans')}`);
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('offers Start again when the journey ends, which opens a new session', async () => {
    const { bodies } = mockChat(
      { sessionId: 's1', messages: [{ text: 'Order AB12CD34 placed.' }], options: [], end: true },
      { ...welcome, sessionId: 's2' },
    );
    renderConversation();

    await userEvent.click(await screen.findByRole('button', { name: 'Start again' }));
    expect(await screen.findByText(/Welcome to Isoko!/)).toBeInTheDocument();
    expect(bodies[1]).toEqual({ text: '' });
    expect(screen.queryByText('Order AB12CD34 placed.')).not.toBeInTheDocument();
    expect(useChatStore.getState().sessionId).toBe('s2');
  });

  it('shows a friendly line and a retry when the server fails', async () => {
    const { bodies } = mockChat(500, welcome);
    renderConversation();

    expect(await screen.findByText(/something went wrong on our side/i)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Welcome to Isoko!/)).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong on our side/i)).not.toBeInTheDocument();
    expect(bodies).toEqual([{ text: '' }, { text: '' }]);
  });

  it('continues a stored conversation after a reload instead of starting over', async () => {
    const { fetchMock } = mockChat();
    act(() => {
      useChatStore.setState({
        sessionId: 's9',
        entries: [{ id: 1, from: 'shop', text: 'Your cart (2)' }],
        options: [{ key: '8', label: 'Checkout' }],
        end: false,
        seq: 1,
      });
    });
    renderConversation();

    expect(screen.getByText('Your cart (2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem('isoko-chat') ?? '{}').state.sessionId).toBe('s9');
  });

  it("drops a signed-in shopper's transcript once they have signed out", async () => {
    const { bodies } = mockChat(welcome);
    act(() => {
      useChatStore.setState({
        sessionId: 's9',
        owner: 'u1',
        entries: [{ id: 1, from: 'shop', text: 'Order AB12CD34: delivered' }],
        options: [],
        seq: 1,
      });
    });
    // No token in localStorage: whoever holds the phone now is a guest.
    renderConversation();

    expect(await screen.findByText(/Welcome to Isoko!/)).toBeInTheDocument();
    expect(screen.queryByText('Order AB12CD34: delivered')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ text: '' }]);
  });

  it("keeps a guest's transcript when they sign in from the chat", () => {
    mockChat();
    act(() => {
      useChatStore.setState({
        sessionId: 's9',
        entries: [{ id: 1, from: 'shop', text: 'Please log in to add items to your cart.' }],
        options: [{ key: '0', label: 'Back' }],
        seq: 1,
      });
    });
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', JSON.stringify({ _id: 'u1', fullName: 'Aline Uwase' }));
    renderConversation();

    expect(screen.getByText('Please log in to add items to your cart.')).toBeInTheDocument();
    expect(useChatStore.getState().owner).toBe('u1');
  });
});

describe('ChatWidget', () => {
  it('focuses the input on open and closes on Escape', async () => {
    mockChat(welcome);
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <ChatWidget onClose={onClose} />
      </MemoryRouter>,
    );
    await screen.findByText(/Welcome to Isoko!/);
    expect(screen.getByRole('dialog', { name: 'Chat with Isoko' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: inputLabel() })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument());
  });
});
