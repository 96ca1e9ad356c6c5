import { formatValue } from '../../ui/format';

/** A list preview as the detail would show it: the value itself when whole, else the start of its JSON text. */
export function previewText(preview: string | null, truncated: boolean): string {
  if (preview === null) return formatValue(undefined);
  if (truncated) return `${preview}…`;
  try {
    return formatValue(JSON.parse(preview));
  } catch {
    return preview;
  }
}
