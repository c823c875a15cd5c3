import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  AVATAR_MAX_BYTES,
  changePasswordRequestSchema,
  errorEnvelopeSchema,
  messageResponseSchema,
  normalizeVietnameseMobile,
  profileResponseSchema,
  updateProfileRequestSchema,
} from 'shared-contracts/schemas';
import { caseInsensitiveBodies, requireKnownField } from '../../http/bodyFields';
import { cacheControlForAll } from '../../http/cacheControl';
import { authenticate, currentAuth } from '../../security/authGuard';
import { AppError } from '../../http/appError';
import { ok } from '../../http/envelope';
import { ThrottledError, withRetryAfter } from '../../security/throttle';
import type { AppContext } from '../../appContext';
import { authMessages, changePassword, vietnamToday, findUserById, setAccountAvatar, toProfile, uniqueViolation, updateAccountProfile } from '../auth';
import { avatarsFolder, avatarUrl, deleteStoredAvatar, AVATAR_BOUNDS, createImageEncoder, storeUploadedImage } from '../media';
import type { UserUpdate } from '../../db/schema';
import { named } from '../../http/pluginName';
import { profileAddressOf, savedAddressColumns } from '../addresses';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/** How many avatars one user may upload: a few tries of a new picture, not a loop. */
export const AVATAR_UPLOADS_PER_MINUTE = 5;
export const AVATAR_UPLOADS_PER_HOUR = 30;
/** The avatar encoder's process ends after this long without an avatar (a few uploads a day need no resident process). */
const AVATAR_ENCODER_IDLE_MS = 60_000;

export const avatarMessages = {
  missing: 'Vui lòng chọn ảnh đại diện (trường file hoặc avatar).',
  tooLarge: 'Ảnh đại diện không được lớn hơn 2 MB.',
  wrongType: 'Ảnh đại diện phải là tệp JPEG, PNG hoặc WebP.',
  unreadable: 'Không đọc được ảnh. Vui lòng chọn một ảnh JPEG, PNG hoặc WebP khác.',
  tooMany: (seconds: number) => `Bạn đã đổi ảnh đại diện quá nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  busy: 'Máy chủ chưa xử lý được ảnh lúc này. Vui lòng thử lại sau ít phút.',
  notMultipart: 'Vui lòng gửi ảnh dưới dạng multipart/form-data.',
  updated: 'Cập nhật ảnh đại diện thành công.',
} as const;

/** The fields that name the uploaded file; the client sends it under both. */
const AVATAR_FIELDS = ['file', 'avatar'];

/**
 * /api/Auth/profile (GET, PUT), /api/Auth/change-password, /api/Auth/upload-avatar: the signed-in user's account.
 * Body keys are matched case-insensitively (`FullName`, `PhoneNumber`: the original React client).
 */
export const profileRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = named('profileRoutes', async (app, { context }) => {
  const { db, clock } = context;
  caseInsensitiveBodies(app);
  // One byte over the limit is read, so that a file over 2 MB is refused by its length whatever the multipart
  // stream's `truncated` flag says.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });
  cacheControlForAll(app, 'no-store');
  /** Avatars are decoded and re-encoded in the image encoder's process (nice 10), never on this event loop or its thread pool. */
  const avatarEncoder = createImageEncoder({ uploadDir: context.config.uploadDir, idleExitMs: AVATAR_ENCODER_IDLE_MS });
  app.addHook('onClose', () => avatarEncoder.close());

  /** Counts an avatar upload of `userId`; past the minute's or the hour's allowance, 429 with Retry-After. */
  async function takeAvatarUpload(userId: number): Promise<void> {
    const minute = await context.counters.increment(`avatar-upload:minute:${userId}`, 60_000);
    if (minute.count > AVATAR_UPLOADS_PER_MINUTE) throw avatarsTooMany(minute.resetInMs);
    const hour = await context.counters.increment(`avatar-upload:hour:${userId}`, 60 * 60_000);
    if (hour.count > AVATAR_UPLOADS_PER_HOUR) throw avatarsTooMany(hour.resetInMs);
  }

  function avatarsTooMany(resetInMs: number): ThrottledError {
    return new ThrottledError(avatarMessages.tooMany(Math.max(1, Math.ceil(resetInMs / 1000))), resetInMs);
  }

  /** The profile with its saved delivery address (and the ward choice a split former ward leaves). */
  function profileOf(row: Awaited<ReturnType<typeof loadProfileRow>>) {
    return { ...toProfile(row), ...profileAddressOf(row) };
  }

  async function loadProfileRow(userId: number) {
    const row = await findUserById(db, userId);
    if (!row) throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, 'Vui lòng đăng nhập để tiếp tục.');
    return row;
  }

  app.get(
    '/auth/profile',
    {
      preHandler: authenticate,
      schema: { tags: ['auth'], summary: 'Hồ sơ của người dùng đang đăng nhập', response: { 200: profileResponseSchema, 401: errorEnvelopeSchema } },
    },
    async (request) => ok(profileOf(await loadProfileRow(currentAuth(request).userId)), authMessages.profileLoaded),
  );

  app.put(
    '/auth/profile',
    {
      preValidation: requireKnownField(updateProfileRequestSchema),
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Cập nhật hồ sơ (nhận cả phone/phoneNumber, dob/dateOfBirth, avatar/avatarUrl/imageUrl; forecastEmails: nhận email dự đoán bảo dưỡng; không có trường nào → 422)',
        body: updateProfileRequestSchema,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = currentAuth(request);
      const current = await loadProfileRow(userId);
      const body = request.body;
      const update: UserUpdate = {};
      const pick = <T>(...values: (T | undefined)[]): T | undefined => values.find((value) => value !== undefined);

      if (body.fullName !== undefined) update.full_name = body.fullName;
      const phone = pick(body.phoneNumber, body.phone);
      if (phone !== undefined) update.phone_number = phone === null || phone.trim() === '' ? null : normalizeVietnameseMobile(phone);
      const address = body.address;
      if (address !== undefined) update.address = address === null || address === '' ? null : address;
      const dateOfBirth = pick(body.dateOfBirth, body.dob);
      if (dateOfBirth !== undefined) {
        if (dateOfBirth !== null && dateOfBirth > vietnamToday(clock)) throw AppError.validation([{ field: 'dateOfBirth', message: authMessages.dateOfBirthFuture }]);
        update.date_of_birth = dateOfBirth;
      }
      if (body.gender !== undefined) update.gender = body.gender;
      if (body.forecastEmails !== undefined) update.forecast_emails_opt_out = body.forecastEmails ? 0 : 1;
      // The ward must be one of the province's (422 on deliveryAddress.wardCode); saving it settles a pending choice.
      if (body.deliveryAddress !== undefined) Object.assign(update, savedAddressColumns(body.deliveryAddress));
      const avatar = pick(body.avatar, body.avatarUrl, body.imageUrl);
      if (avatar !== undefined) {
        // Removing the avatar is allowed; a new one only comes through the upload (re-encoded by us).
        if (avatar === null || avatar === '') update.avatar_url = null;
        else if (avatar !== current.avatar_url) throw AppError.validation([{ field: 'avatar', message: authMessages.avatarByUploadOnly }]);
      }

      if (Object.keys(update).length > 0) {
        update.updated_at = clock.now().toISOString();
        try {
          await updateAccountProfile(db, userId, update);
        } catch (error) {
          if (uniqueViolation(error)?.column === 'phone_number') {
            throw new AppError(409, ERROR_CODES.PHONE_TAKEN, authMessages.phoneTaken, [{ field: 'phoneNumber', message: authMessages.phoneTaken }]);
          }
          throw error;
        }
        if (update.avatar_url === null) await deleteStoredAvatar(context.config.uploadDir, current.avatar_url);
      }
      return ok(profileOf(await loadProfileRow(userId)), authMessages.profileUpdated);
    },
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Đổi mật khẩu (các phiên đăng nhập khác bị đăng xuất)',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const auth = currentAuth(request);
        await changePassword(context, { userId: auth.userId, sessionId: auth.sessionId, ip: request.ip }, request.body);
        return ok({ message: authMessages.passwordChanged }, authMessages.passwordChanged);
      }),
  );

  app.post(
    '/auth/upload-avatar',
    {
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Tải ảnh đại diện (multipart, trường file và/hoặc avatar; JPEG/PNG/WebP, tối đa 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = currentAuth(request);
      if (!request.isMultipart()) throw new AppError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, avatarMessages.notMultipart);
      await withRetryAfter(reply, () => takeAvatarUpload(userId));
      const unreadable = () => new AppError(400, ERROR_CODES.UNREADABLE_IMAGE, avatarMessages.unreadable, [{ field: 'file', message: avatarMessages.unreadable }]);
      // The same image under the other field name, or an unrelated file, is drained, not kept.
      const stored = await storeUploadedImage(request, avatarEncoder, {
        kind: 'avatar',
        folder: avatarsFolder(context.config.uploadDir),
        bounds: AVATAR_BOUNDS,
        fields: AVATAR_FIELDS,
        maxBytes: AVATAR_MAX_BYTES,
        tooLarge: () => new AppError(413, ERROR_CODES.FILE_TOO_LARGE, avatarMessages.tooLarge),
        missing: () => AppError.validation([{ field: 'file', message: avatarMessages.missing }]),
        malformed: () => AppError.badRequest(avatarMessages.missing),
        wrongType: () => new AppError(415, ERROR_CODES.UNSUPPORTED_IMAGE_TYPE, avatarMessages.wrongType, [{ field: 'file', message: avatarMessages.wrongType }]),
        unreadable,
        busy: () => new AppError(503, ERROR_CODES.IMAGE_ENCODER_UNAVAILABLE, avatarMessages.busy),
      });
      const url = avatarUrl(stored.file);
      const previous = await loadProfileRow(userId);
      await setAccountAvatar(db, userId, url, clock.now().toISOString());
      await deleteStoredAvatar(context.config.uploadDir, previous.avatar_url);
      return ok(toProfile(await loadProfileRow(userId)), avatarMessages.updated);
    },
  );
});
