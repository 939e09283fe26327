// Pictures on their way into a document, from the Insert menu, a drop or a paste: the server takes
// PNG and JPEG inside one WebSocket message, so anything else the browser can decode, and anything
// too big, is drawn again at a size that fits. And a picture imported into the library as a
// document of its own, drawn again smaller when it has more pixels than the server draws.

/// The largest message the server takes (`HTTPServer.maximumMessageBytes`). A larger one closes the
/// connection, and would close it again each time it was sent.
export const MAXIMUM_MESSAGE_BYTES = 8 << 20;
/// A picture's bytes at most: as base64 (a third more) inside a message, with room for the rest.
const MAXIMUM_IMAGE_BYTES = 5 << 20;
/// A picture's longer side at most, in pixels, once it has to be drawn again anyway.
const MAXIMUM_IMAGE_SIDE = 4096;
/// The most pixels the server draws of a picture (ImageDecoder.maximumPixels): one larger is redrawn
/// smaller here, however few bytes it takes.
const MAXIMUM_DRAWN_PIXELS = 64_000_000;

/// Whether `message` fits in one message to the server, with room for the id an edit is sent under.
/// Its text is at most three bytes a character in UTF-8: only a text near the limit is encoded to count.
export function fitsInAMessage(message) {
  const text = JSON.stringify(message), room = MAXIMUM_MESSAGE_BYTES - 64;
  return text.length * 3 <= room || (text.length <= room && new TextEncoder().encode(text).length <= room);
}

/// `file` ready to insert: `{ base64, width, height }`, its size in pixels as the browser decoded it.
/// Throws an Error saying why when it is no picture the browser can read.
export async function imageForInsertion(file) {
  const picture = await createImageBitmap(file).catch(() => null);
  // One the browser cannot draw is damaged or no picture: the server would refuse it as well.
  if (!picture) throw new Error(`${file.name || 'The file'} is damaged or not a picture this browser can read`);
  const sendable = (file.type === 'image/png' || file.type === 'image/jpeg') && file.size <= MAXIMUM_IMAGE_BYTES
    && picture.width * picture.height <= MAXIMUM_DRAWN_PIXELS;
  try {
    const bytes = sendable ? new Uint8Array(await file.arrayBuffer()) : await redrawn(picture);
    return { base64: base64(bytes), width: picture.width, height: picture.height };
  } finally {
    picture.close();
  }
}

/// What to upload of `file` to import it: the file, or for a picture with more pixels than the
/// server draws, the picture redrawn smaller, with a word saying so (null when it is not redrawn).
export async function importable(file) {
  if (!/\.(png|jpe?g)$/i.test(file.name) && !/^image\/(png|jpeg)$/.test(file.type)) return { body: file, note: null };
  // A PNG that carries a drawing (MarkupKit's editable PNG, Excalidraw's embedded scene) opens as
  // that drawing, however large its picture: it goes as it is.
  if (carriesDrawing(new Uint8Array(await file.arrayBuffer()))) return { body: file, note: null };
  const picture = await createImageBitmap(file).catch(() => null);
  if (!picture) return { body: file, note: null };
  try {
    if (picture.width * picture.height <= MAXIMUM_DRAWN_PIXELS) return { body: file, note: null };
    const bytes = await redrawn(picture);
    const scale = Math.min(1, MAXIMUM_IMAGE_SIDE / Math.max(picture.width, picture.height));
    const size = `${Math.round(picture.width * scale)} × ${Math.round(picture.height * scale)}`;
    return { body: new Blob([bytes]), note: `scaled down from ${picture.width} × ${picture.height} pixels to about ${size}` };
  } finally {
    picture.close();
  }
}

/// Whether the PNG `bytes` has a chunk holding a drawing: MarkupKit's `mkDc`, or a `tEXt` whose
/// keyword is Excalidraw's scene. Chunk headers alone are read, up to the image's end.
function carriesDrawing(bytes) {
  const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 8 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (start, length) => String.fromCharCode(...bytes.subarray(start, start + length));
  const keyword = 'application/vnd.excalidraw+json\0';
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at), type = text(at + 4, 4);
    if (type === 'mkDc' || (type === 'tEXt' && text(at + 8, Math.min(length, keyword.length)) === keyword)) return true;
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return false;
}

/// The picture as PNG (transparency and sharp edges kept) at most `MAXIMUM_IMAGE_SIDE` pixels long,
/// or as JPEG on white when PNG is too big, each step smaller until it fits.
async function redrawn(picture) {
  let scale = Math.min(1, MAXIMUM_IMAGE_SIDE / Math.max(picture.width, picture.height));
  for (let attempt = 0; attempt < 8; attempt++, scale *= 0.75) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(picture.width * scale));
    canvas.height = Math.max(1, Math.round(picture.height * scale));
    const context = canvas.getContext('2d');
    context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    const png = await encoded(canvas, 'image/png');
    if (png.size <= MAXIMUM_IMAGE_BYTES) return new Uint8Array(await png.arrayBuffer());
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const jpeg = await encoded(canvas, 'image/jpeg', 0.9);
    if (jpeg.size <= MAXIMUM_IMAGE_BYTES) return new Uint8Array(await jpeg.arrayBuffer());
  }
  throw new Error('The picture is too large to insert');
}

function encoded(canvas, type, quality) {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), type, quality));
}

export function base64(bytes) {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
