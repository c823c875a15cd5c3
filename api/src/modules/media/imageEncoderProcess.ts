import { CHECKLIST_PHOTO_SHAPE, storeChecklistPhoto } from './checklistPhotosStore';
import { storeAvatarFile } from './avatarsStore';
import { storeProductImage } from './productImagesStore';
import type { EncodeReply, EncodeRequest, ImageKind, StoredImage } from './imageEncoder';
import { reencodeImage, UnreadableImageError } from './imageReencode';
import { loadSharp } from './sharpLibrary';

/**
 * The image encoder's own process (started by imageEncoder.ts at a low CPU priority, nice 10): for each request it
 * reads the kept upload, re-encodes it as its kind asks and writes the stored file, then answers the stored
 * file's name and size, tagged with the request's id. Requests are answered as they finish. It ends when the API
 * closes the channel (or dies).
 *
 * One libvips thread per image: images of different phones run side by side anyway. No operation cache: every
 * image is new (both set where sharp is loaded, sharpLibrary.ts).
 */

const storeByKind: Record<ImageKind, (upload: string, uploadDir: string) => Promise<StoredImage>> = {
  'checklist-photo': storeChecklistPhoto,
  avatar: storeAvatarFile,
  'product-image': storeProductImage,
};

function reply(message: EncodeReply): void {
  process.send?.(message);
}

process.on('message', (request: EncodeRequest) => {
  // libvips reads the kept upload itself: no Buffer per photo in this process's JavaScript heap, freed only when V8
  // next collects, which a process that allocates little JavaScript does rarely
  // (docs/decisions/0022-api-process-memory-settings.md).
  Promise.resolve()
    .then(() => storeByKind[request.kind](request.upload, request.uploadDir))
    .then(
      (image) => reply({ id: request.id, ok: true, ...image }),
      (error: unknown) =>
        reply({
          id: request.id,
          ok: false,
          unreadable: error instanceof UnreadableImageError,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
});

process.on('disconnect', () => process.exit(0));

/**
 * The first photos a process encodes also load libvips' JPEG decoder and WebP encoder, compile this code and
 * grow the allocator's arenas to a camera photo's size: they cost twice the CPU of the next. A camera-sized
 * photo (plain grey, cheap to draw) is encoded at start instead, so the day's first technician does not wait.
 */
void loadSharp()
  .then((sharp) => sharp({ create: { width: 2600, height: 1950, channels: 3, background: '#808080' } }).jpeg().toBuffer())
  .then((jpeg) => reencodeImage(jpeg, CHECKLIST_PHOTO_SHAPE))
  .catch(() => undefined);
