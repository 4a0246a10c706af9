import { create } from 'zustand';

export const ASSISTANT_MESSAGES = {
  notFound: 'AI Assistant widget not found. Please refresh the page.',
  scriptFailed: 'Failed to load AI Assistant script. Check your network or contact support.',
  loading: 'AI Assistant is still loading...',
  opened: 'AI Assistant opened!',
  openFailed: 'Failed to open AI Assistant. Please try again.',
} as const;

export type AssistantStatus = 'idle' | 'loading' | 'ready' | 'error';

interface AssistantState {
  status: AssistantStatus;
  error: string | null;
  open: boolean;
  /** The widget element, once its script has defined it. */
  element: HTMLElement | null;
}

/** One assistant per page, whatever mounts or unmounts the header (e.g. a visit to /login). */
export const useAssistant = create<AssistantState>()(() => ({ status: 'idle', error: null, open: false, element: null }));
