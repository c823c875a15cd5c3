import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { authenticate, currentAuth } from '../../http/authGuard';
import { AppError } from '../../http/appError';
import { ok } from '../../http/envelope';
import { withRetryAfter } from '../../security/throttle';
import type { AccountsContext } from '../auth/accountsPlugin';
import { authMessages } from '../auth/authMessages';
import { changePassword, vietnamToday } from '../auth/authService';
import { deleteStoredAvatar, reencodeAvatar, sniffImageType, storeAvatar, UnreadableImageError } from '../media/avatarsStore';
import { findUserById, toProfile, uniqueViolation } from './usersQueries';
import type { UserUpdate } from '../../db/schema';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export const avatarMessages = {
  missing: 'Vui lòng chọn ảnh đại diện (trường file hoặc avatar).',
  tooLarge: 'Ảnh đại diện không được lớn hơn 2 MB.',
  wrongType: 'Ảnh đại diện phải là tệp JPEG, PNG hoặc WebP.',
  unreadable: 'Không đọc được ảnh. Vui lòng chọn một ảnh JPEG, PNG hoặc WebP khác.',
  notMultipart: 'Vui lòng gửi ảnh dưới dạng multipart/form-data.',
  updated: 'Cập nhật ảnh đại diện thành công.',
} as const;

/** The fields that name the uploaded file; the client sends it under both. */
const AVATAR_FIELDS = new Set(['file', 'avatar']);

/**
 * /api/Auth/profile (GET, PUT), /api/Auth/change-password, /api/Auth/upload-avatar: the signed-in user's account.
 * Body keys are matched case-insensitively (`FullName`, `PhoneNumber`: the original React client).
 */
export const profileRoutes: FastifyPluginAsyncZod<{ accounts: AccountsContext }> = async (app, { accounts }) => {
  const { db, clock } = accounts;
  caseInsensitiveBodies(app);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });
  cacheControlForAll(app, 'no-store');

  async function loadProfileRow(userId: number) {
    const row = await findUserById(db, userId);
    if (!row) throw new AppError(401, 'UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục.');
    return row;
  }

  app.get(
    '/auth/profile',
    {
      preHandler: authenticate,
      schema: { tags: ['auth'], summary: 'Hồ sơ của người dùng đang đăng nhập', response: { 200: profileResponseSchema, 401: errorEnvelopeSchema } },
    },
    async (request) => ok(toProfile(await loadProfileRow(currentAuth(request).userId)), authMessages.profileLoaded),
  );

  app.put(
    '/auth/profile',
    {
      preValidation: requireKnownField(updateProfileRequestSchema),
      preHandler: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Cập nhật hồ sơ (nhận cả phone/phoneNumber, dob/dateOfBirth, avatar/avatarUrl/imageUrl; không có trường nào → 422)',
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
      const avatar = pick(body.avatar, body.avatarUrl, body.imageUrl);
      if (avatar !== undefined) {
        // Removing the avatar is allowed; a new one only comes through the upload (re-encoded by us).
        if (avatar === null || avatar === '') update.avatar_url = null;
        else if (avatar !== current.avatar_url) throw AppError.validation([{ field: 'avatar', message: authMessages.avatarByUploadOnly }]);
      }

      if (Object.keys(update).length > 0) {
        update.updated_at = clock.now().toISOString();
        try {
          await db.updateTable('users').set(update).where('id', '=', userId).execute();
        } catch (error) {
          if (uniqueViolation(error)?.column === 'phone_number') {
            throw new AppError(409, 'PHONE_TAKEN', authMessages.phoneTaken, [{ field: 'phoneNumber', message: authMessages.phoneTaken }]);
          }
          throw error;
        }
        if (update.avatar_url === null) await deleteStoredAvatar(accounts.config.uploadDir, current.avatar_url);
      }
      return ok(toProfile(await loadProfileRow(userId)), authMessages.profileUpdated);
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
        await changePassword(accounts, { userId: auth.userId, sessionId: auth.sessionId, ip: request.ip }, request.body);
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
    async (request) => {
      const { userId } = currentAuth(request);
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', avatarMessages.notMultipart);
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (bytes === null && AVATAR_FIELDS.has(part.fieldname)) {
            bytes = await part.toBuffer();
          } else {
            // The same image again under the other name, or an unrelated file: drained, not kept.
            part.file.resume();
            await new Promise<void>((resolve) => part.file.once('end', resolve));
          }
        }
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', avatarMessages.tooLarge);
        if (typeof code === 'string' && code.startsWith('FST_')) throw AppError.badRequest(avatarMessages.missing);
        throw error;
      }
      if (bytes === null || bytes.length === 0) throw AppError.validation([{ field: 'file', message: avatarMessages.missing }]);
      if (bytes.length > AVATAR_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', avatarMessages.tooLarge);
      if (sniffImageType(bytes) === null) throw new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', avatarMessages.wrongType, [{ field: 'file', message: avatarMessages.wrongType }]);

      let webp: Buffer;
      try {
        webp = await reencodeAvatar(bytes);
      } catch (error) {
        if (error instanceof UnreadableImageError) throw new AppError(400, 'UNREADABLE_IMAGE', avatarMessages.unreadable, [{ field: 'file', message: avatarMessages.unreadable }]);
        throw error;
      }
      const previous = await loadProfileRow(userId);
      const url = await storeAvatar(accounts.config.uploadDir, webp);
      await db.updateTable('users').set({ avatar_url: url, updated_at: clock.now().toISOString() }).where('id', '=', userId).execute();
      await deleteStoredAvatar(accounts.config.uploadDir, previous.avatar_url);
      return ok(toProfile(await loadProfileRow(userId)), avatarMessages.updated);
    },
  );
};
