// Whether the phone has a network: the browser's own word (navigator.onLine, its online and offline
// events), shared by every screen that says so or waits for it.
import { create } from 'zustand';

interface ConnectionState {
  online: boolean;
}

export const useConnection = create<ConnectionState>()(() => ({ online: typeof navigator === 'undefined' ? true : navigator.onLine }));

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => useConnection.setState({ online: true }));
  window.addEventListener('offline', () => useConnection.setState({ online: false }));
}

export const isOnline = (): boolean => useConnection.getState().online;
