const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** `June 5, 2025`. */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** `June 5, 2025 at 3:04 PM`. */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
