/**
 * The media module's front door — uploaded images: avatars, product and checklist photos, the image encoder process.
 * Nothing else of the module is imported from outside.
 */
export { avatarsRoutes } from './avatarsRoutes';
export { avatarUrl, avatarsFolder, deleteStoredAvatar, sniffImageType } from './avatarsStore';
export { catalogueAssets, catalogueMediaUrl } from './catalogueMedia';
export { catalogueMediaRoutes } from './catalogueMediaRoutes';
export { CHECKLIST_PHOTO_FILE_PATTERN, UnreadablePhotoError, checklistPhotoUrl, checklistPhotosFolder, removeChecklistPhoto, type StoredPhoto } from './checklistPhotosStore';
export { AVATAR_BOUNDS, CHECKLIST_PHOTO_BOUNDS, assertImageWithinBounds } from './imageBounds';
export { ImageEncoderUnavailableError, UnreadableUploadError, createImageEncoder, type ImageEncoder } from './imageEncoder';
export { productCoverRoutes } from './productCoverRoutes';
export { PRODUCT_IMAGE_FILE_PATTERN, UPLOADED_IMAGE_KEY_PREFIX, isUploadedImageKey, productImagesFolder, uploadedImageSize, uploadedImageUrl } from './productImagesStore';
export { sendStoredWebp } from './storedWebp';
export { uploadedFileBytes, type UploadedFileRules } from './uploadedFile';
export { photoFieldUpload, storeUploadedImage, type ImageUpload, type PhotoFieldMessages } from './uploadedImage';
