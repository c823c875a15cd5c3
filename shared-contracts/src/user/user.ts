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
