const pad = (n: number) => String(n).padStart(2, '0');

/** Tracking timestamps: dd/MM/yyyy, HH:mm:ss (docs/product.md#tracking), in the user's local time. */
export function formatTrackingTimestamp(d: Date): string {
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
