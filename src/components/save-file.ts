/**
 * Hands a downloaded file to the browser's own "save" (an export made by an authorised call,
 * which a plain link could not make: links carry no bearer token). `fallbackName` is used when
 * the server named nothing.
 */
export function saveFile({ blob, filename }: { blob: Blob; filename: string | null }, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
