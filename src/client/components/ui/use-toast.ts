import { type ReactNode, useSyncExternalStore } from "react";

/** One toast at a time (spec section 9): a new one replaces the one on screen. */
const TOAST_LIMIT = 1;
/** How long a closed toast stays mounted so its exit animation can play. */
const REMOVE_DELAY_MS = 1000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** "destructive" for failures. */
  variant?: ToastVariant;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id)).map((t) => t.id);
  if (closing.length === 0) return;
  setToasts(toasts.map((t) => (closing.includes(t.id) ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => !closing.includes(t.id))), REMOVE_DELAY_MS);
}

/** Shows a toast; callable from anywhere, including mutation callbacks outside components. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter += 1;
  const id = String(counter);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, () => toasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
