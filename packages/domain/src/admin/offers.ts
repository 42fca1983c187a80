import { z } from 'zod';
import { codedMessages } from '../shared/error-codes.ts';

/** PUT /api/admin/offers/order/ : every offer's id in the new display order. */
export const offerOrderInput = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'Give the offers in their new order.' })
    .min(1, 'Give the offers in their new order.')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'Each offer may appear only once.'),
});
export type OfferOrderInput = z.infer<typeof offerOrderInput>;
export const offerOrderMessages = { mismatch: 'List every offer exactly once.' } as const;

/** Their codes (shared/error-codes.ts): `offer_order_mismatch`. */
export const offerOrderMessageCodes = codedMessages(offerOrderMessages, { prefix: 'offer_order_' });
