import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** 'HH:MM', 24-hour clock, local time of the centre (Asia/Ho_Chi_Minh). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Giờ phải có dạng HH:MM');

/** A service centre (chi nhánh) as the API returns it. */
export const serviceCentreSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  city: z.string().min(1),
  address: z.string().min(1),
  phone: z.string().min(1),
  email: z.email(),
  openTime: clockTimeSchema,
  closeTime: clockTimeSchema,
  serviceBays: z.number().int().positive(),
});

export type ServiceCentre = z.infer<typeof serviceCentreSchema>;
export const serviceCentreListResponseSchema = envelopeSchema(z.array(serviceCentreSchema));
