import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { reencodeChecklistPhoto, storeChecklistPhoto, UnreadablePhotoError } from './checklistPhotosStore';
import type { EncodeReply, EncodeRequest } from './checklistPhotoEncoder';

/**
 * The photo encoder's own process (started by checklistPhotoEncoder.ts at the lowest CPU priority): for each
 * request it reads the kept upload, re-encodes it and writes the stored photo (storeChecklistPhoto), then
 * answers the stored file's name and size, tagged with the request's id. Requests are answered as they finish.
 * It ends when the API closes the channel (or dies).
 *
 * One libvips thread per photo: photos of different phones run side by side anyway. No operation cache: every
 * photo is new.
 */
sharp.concurrency(1);
sharp.cache(false);

function reply(message: EncodeReply): void {
  process.send?.(message);
}

process.on('message', (request: EncodeRequest) => {
  // Read in one go (this process has nothing else to wait for), then decoded and encoded on libvips' thread.
  Promise.resolve()
    .then(() => storeChecklistPhoto(readFileSync(request.upload), request.uploadDir))
    .then(
      (photo) => reply({ id: request.id, ok: true, ...photo }),
      (error: unknown) =>
        reply({ id: request.id, ok: false, unreadable: error instanceof UnreadablePhotoError, message: error instanceof Error ? error.message : String(error) }),
    );
});

process.on('disconnect', () => process.exit(0));

/**
 * The first photos a process encodes also load libvips' JPEG decoder and WebP encoder, compile this code and
 * grow the allocator's arenas to a camera photo's size: they cost twice the CPU of the next. A camera-sized
 * photo (plain grey, cheap to draw) is encoded at start instead, so the day's first technician does not wait.
 */
void sharp({ create: { width: 2600, height: 1950, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer()
  .then(reencodeChecklistPhoto)
  .catch(() => undefined);
