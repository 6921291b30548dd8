/**
 * Whether the browser can decode the file as an image: a renamed PDF or text with a .png name has
 * an image type but no picture, and would show a broken preview until the server refuses it
 * (issue 25). createImageBitmap where available, else an <img> load.
 */
export async function imageDecodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    try {
      (await createImageBitmap(file)).close();
      return true;
    } catch {
      return false;
    }
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    const done = (ok: boolean) => {
      URL.revokeObjectURL(url);
      resolve(ok);
    };
    img.onload = () => done(true);
    img.onerror = () => done(false);
    img.src = url;
  });
}
