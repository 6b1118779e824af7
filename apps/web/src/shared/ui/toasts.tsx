import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.context';
import './toasts.css';

export type ToastTone = 'info' | 'success' | 'error';

/** docs/product/limits.md: notifications stay 10 s unless they say otherwise (download toasts 5 s). */
export const TOAST_MS = 10_000;
/**
 * A toast with a link stays longer by default (decision 145): reaching it by keyboard or on a phone
 * takes time, and its clock stops only once it is reached.
 */
export const ACTION_TOAST_MS = 20_000;

export interface ToastInput {
  message: string;
  /**
   * How long it stays unless dismissed (default `TOAST_MS`); the clock stops while the pointer or
   * focus is on the toasts.
   */
  durationMs?: number;
  tone?: ToastTone;
  /**
   * One link in the toast ('Show October 2008'). The region sits above the router, so the raiser
   * passes the navigation; `href` keeps it a real link (open in a new tab, read as a link).
   */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  href: string;
  onSelect: () => void;
}

export interface Toast extends Required<Omit<ToastInput, 'action'>> {
  id: number;
  action?: ToastAction;
}

export interface ToastStore {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  /** Holds every toast's clock (pointer or keyboard focus on the toasts: WCAG 2.2.1); `resume` restarts it. */
  pause: () => void;
  resume: () => void;
  subscribe: (onChange: () => void) => () => void;
  current: () => readonly Toast[];
}

/** The app's short notices: one store per app, shown by `<ToastRegion>` above every page. */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  let paused = false;
  const subscribers = new Set<() => void>();
  const clocks = new Map<
    number,
    { remainingMs: number; startedAt: number; timer?: ReturnType<typeof setTimeout> }
  >();

  const emit = () => subscribers.forEach((onChange) => onChange());
  const start = (id: number) => {
    const clock = clocks.get(id);
    if (!clock || paused) return;
    clock.startedAt = Date.now();
    clock.timer = setTimeout(() => store.dismiss(id), clock.remainingMs);
  };

  const store: ToastStore = {
    show(input) {
      const durationMs = input.action ? ACTION_TOAST_MS : TOAST_MS;
      const toast: Toast = { tone: 'info', durationMs, ...input, id: nextId++ };
      toasts = [...toasts, toast];
      clocks.set(toast.id, { remainingMs: toast.durationMs, startedAt: Date.now() });
      start(toast.id);
      emit();
      return toast.id;
    },
    dismiss(id) {
      clearTimeout(clocks.get(id)?.timer);
      clocks.delete(id);
      const remaining = toasts.filter((toast) => toast.id !== id);
      if (remaining.length === toasts.length) return;
      toasts = remaining;
      emit();
    },
    pause() {
      if (paused) return;
      paused = true;
      for (const clock of clocks.values()) {
        clearTimeout(clock.timer);
        clock.remainingMs -= Date.now() - clock.startedAt;
      }
    },
    resume() {
      if (!paused) return;
      paused = false;
      for (const id of clocks.keys()) start(id);
    },
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    current: () => toasts,
  };
  return store;
}

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return <ToastContext value={store}>{children}</ToastContext>;
}

/** `useToasts().show({ message, durationMs, tone, action })`. */
export function useToasts(): ToastStore {
  const store = use(ToastContext);
  if (!store) throw new Error('useToasts must be used inside <ToastProvider>');
  return store;
}

/**
 * Where toasts appear: two live regions that exist before any toast does (screen readers announce
 * what is added to a region they already know), news politely and failures assertively, each toast
 * dismissible by keyboard. Plain live regions, not status or alert roles: those stay the page's own.
 * It sits above the router's pages, so a toast outlives the page it was raised on.
 */
export function ToastRegion() {
  const t = useT();
  const store = useToasts();
  const toasts = useSyncExternalStore(store.subscribe, store.current);
  const region = (urgent: boolean) => (
    <div aria-live={urgent ? 'assertive' : 'polite'}>
      <ul className="toasts__list">
        {toasts
          .filter((toast) => (toast.tone === 'error') === urgent)
          .map((toast) => (
            <li key={toast.id} className={`toast toast--${toast.tone}`}>
              <span className="toast__message">{toast.message}</span>
              {toast.action && (
                <a
                  className="toast__action"
                  href={toast.action.href}
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    toast.action!.onSelect();
                    store.dismiss(toast.id);
                  }}
                >
                  {toast.action.label}
                </a>
              )}
              <button
                type="button"
                className="toast__dismiss"
                aria-label={t('common.dismiss')}
                onClick={() => store.dismiss(toast.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
  return (
    <section
      className="toasts"
      aria-label={t('common.notifications')}
      onMouseEnter={store.pause}
      onMouseLeave={store.resume}
      onFocus={store.pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) store.resume();
      }}
    >
      {region(false)}
      {region(true)}
    </section>
  );
}
