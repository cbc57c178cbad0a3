/** Downloads for the pages that offer them; apart from dom.ts so the first page does not carry them. */

/** Saves text as a file the browser downloads (a CSV export), without leaving the page. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

/** Saves a body fetched as a Blob (the bets download: never read into one string). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
