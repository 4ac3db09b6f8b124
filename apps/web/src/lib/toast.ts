import { nanoid } from 'nanoid';
import { Limits } from '@pc/contracts';

export type ToastSeverity = 'info' | 'warning' | 'success' | 'error';

/** docs/product.md#entities, toast message: id (random 21 characters), severity, message text. */
export interface ToastMessage {
  id: string;
  severity: ToastSeverity;
  message: string;
}

type Listener = () => void;
let toasts: readonly ToastMessage[] = [];
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export function getToasts(): readonly ToastMessage[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function addToast(severity: ToastSeverity, message: string): string {
  const id = nanoid(Limits.toastIdLength);
  toasts = [...toasts, { id, severity, message }];
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

/** toast.success('Saved') from anywhere; the Toaster renders and times them. */
export const toast = {
  success: (message: string) => addToast('success', message),
  error: (message: string) => addToast('error', message),
  info: (message: string) => addToast('info', message),
  warning: (message: string) => addToast('warning', message),
};
