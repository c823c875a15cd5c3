export const ROLES = ['customer', 'staff', 'technician', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Gender = 'MALE' | 'FEMALE';

/** The user kept after login (spec §3), with the profile's optional fields. */
export interface User {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  avatar: string | null;
  phoneNumber?: string | null;
  address?: string | null;
  dateOfBirth?: string | null;
  gender?: Gender | null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Up to two letters for an avatar without a picture: the first letters of the first and last words of the
 * name ("Nguyễn Văn An" → "NA"), else the first letter of the email, else "?".
 */
export function userInitials(user: Pick<User, 'fullName' | 'email'>): string {
  const words = user.fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const initials = letters.map((word) => Array.from(word)[0] ?? '').join('');
  if (initials) return initials.toLocaleUpperCase('vi');
  return (Array.from(user.email.trim())[0] ?? '?').toLocaleUpperCase('vi');
}
