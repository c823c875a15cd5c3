import { z } from 'zod';
import { isoInstantSchema, vehicleTypeSchema } from './catalogue';
import { envelopeSchema } from './envelope';

/** The answer to a customer who adds a plate another account holds (409 VEHICLE_PLATE_CLAIMED). */
export const PLATE_CLAIMED_MESSAGE = 'Biển số này đã được đăng ký bởi tài khoản khác. Trung tâm sẽ liên hệ để xác minh.';

export const PLATE_CLAIM_STATUSES = ['PENDING', 'TRANSFERRED', 'KEPT'] as const;
export type PlateClaimStatus = (typeof PLATE_CLAIM_STATUSES)[number];

/** A staff decision on a claim: "Chuyển cho tài khoản mới" (transfer) or "Giữ chủ cũ" (keep). */
export const PLATE_CLAIM_DECISIONS = ['transfer', 'keep'] as const;
export type PlateClaimDecision = (typeof PLATE_CLAIM_DECISIONS)[number];

const claimAccountSchema = z.object({ userId: z.number().int().positive(), fullName: z.string(), email: z.string(), phone: z.string().nullable() });

/** One claim as staff see it: the plate, who claims it, who holds it now, and the vehicle each described. */
export const plateClaimSchema = z.object({
  id: z.number().int().positive(),
  licensePlate: z.string(),
  status: z.enum(PLATE_CLAIM_STATUSES),
  source: z.enum(['customer', 'migration']),
  createdAt: isoInstantSchema,
  claimant: claimAccountSchema,
  claimantVehicle: z.object({ type: vehicleTypeSchema, brand: z.string(), model: z.string() }),
  /** The account holding the plate now (null when no live vehicle has it any more). */
  owner: claimAccountSchema.extend({ vehicleId: z.number().int().positive(), brand: z.string(), model: z.string() }).nullable(),
});
export type PlateClaim = z.infer<typeof plateClaimSchema>;

export const plateClaimListResponseSchema = envelopeSchema(z.array(plateClaimSchema));
export const plateClaimResponseSchema = envelopeSchema(plateClaimSchema);

export const plateClaimDecisionInputSchema = z.object({
  decision: z.enum(PLATE_CLAIM_DECISIONS, { error: 'Vui lòng chọn "Chuyển cho tài khoản mới" hoặc "Giữ chủ cũ".' }),
});
export type PlateClaimDecisionInput = z.infer<typeof plateClaimDecisionInputSchema>;
