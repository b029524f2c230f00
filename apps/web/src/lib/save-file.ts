/**
 * Saves a file the API answered as the browser saves a download (an invoice PDF, an orders CSV):
 * through a link with `download`, since the API's answers need the bearer token a plain link
 * cannot send.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
