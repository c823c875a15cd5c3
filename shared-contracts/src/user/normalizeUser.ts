import { isRole, type Gender, type Role, type User } from './user';

type Raw = Record<string, unknown>;

function firstString(raw: Raw, keys: string[]): string | null {
  for (const key of keys) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

export function normalizeRole(value: unknown): Role {
  if (typeof value !== 'string') return 'customer';
  const lower = value.trim().toLowerCase();
  return isRole(lower) ? lower : 'customer';
}

function normalizeGender(value: unknown): Gender | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toUpperCase();
  return upper === 'MALE' || upper === 'FEMALE' ? upper : null;
}

function normalizeBoolean(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}

/**
 * Accepts a user as any server spells it (id/userId, phoneNumber/phone, avatar/avatarUrl/imageUrl,
 * dateOfBirth/dob) and returns the spec's shape. Returns null when the value is not a user (no id).
 */
export function normalizeUser(raw: unknown): User | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const source = raw as Raw;
  const id = firstString(source, ['id', 'userId']);
  if (id === null) return null;
  const user: User = {
    id,
    fullName: firstString(source, ['fullName', 'name']) ?? '',
    email: firstString(source, ['email']) ?? '',
    role: normalizeRole(source.role),
    emailVerified: normalizeBoolean(source.emailVerified),
    avatar: firstString(source, ['avatar', 'avatarUrl', 'imageUrl']),
  };
  const phoneNumber = firstString(source, ['phoneNumber', 'phone']);
  if (phoneNumber !== null) user.phoneNumber = phoneNumber;
  const address = firstString(source, ['address']);
  if (address !== null) user.address = address;
  const dateOfBirth = firstString(source, ['dateOfBirth', 'dob']);
  if (dateOfBirth !== null) user.dateOfBirth = dateOfBirth.slice(0, 10);
  const gender = normalizeGender(source.gender);
  if (gender !== null) user.gender = gender;
  return user;
}

export interface LoginResult {
  token: string;
  refreshToken: string | null;
  user: User;
}

/**
 * Reads a login response: accessToken or token, refreshToken, userId, fullName, email, role,
 * emailVerified and avatar, either inside `data` or at the top level.
 */
export function parseLoginResponse(raw: unknown): LoginResult | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const top = raw as Raw;
  const inner = typeof top.data === 'object' && top.data !== null ? (top.data as Raw) : null;
  for (const source of inner ? [inner, top] : [top]) {
    const token = firstString(source, ['accessToken', 'token']);
    if (token === null) continue;
    const nested = typeof source.user === 'object' && source.user !== null ? (source.user as Raw) : null;
    const user = normalizeUser(nested ? { ...source, ...nested } : source);
    if (user === null) continue;
    return { token, refreshToken: firstString(source, ['refreshToken']), user };
  }
  return null;
}
