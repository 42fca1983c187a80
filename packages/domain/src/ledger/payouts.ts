import { z } from 'zod';
import { accountMessages } from '../accounts/messages.ts';
import { payoutMethodKinds, payoutRails, payoutStatuses } from './accounts.ts';

/** Payouts in birr (issue 27 item 4, DESIGN §1.15): the tutor's payout method and the admin's payout runs. */
export const payoutMessages = {
  accountNumber: 'Enter the account number: 6 to 20 digits.',
  walletNumber: 'Enter the wallet’s phone number, like 0912345678.',
  bankRequired: 'Choose your bank.',
  accountName: 'Enter the name on the account.',
  passwordRequired: 'Enter your current password to change where you are paid.',
  passwordWrong: accountMessages.currentPasswordWrong,
  rateRequired: 'Enter how many birr one dollar is for this run.',
  nothingToPay: 'No tutor has an available balance above the minimum and a payout method.',
  notRetryable: 'Only a failed payout can be sent again.',
  notManual: 'Only a payout of a manual run is marked by hand.',
  notPending: 'This payout is no longer waiting to be paid.',
  notFound: 'Payout not found.',
  runNotFound: 'Payout run not found.',
  balanceChanged: 'This tutor’s available balance is below the minimum now.',
  noMethod: 'The tutor has not set a payout method.',
} as const;
const m = payoutMessages;

/** The built-in list when Chapa is not configured: Ethiopian banks and the two wallets (Chapa's ids where known). */
export const builtInBanks: { code: string; name: string; kind: (typeof payoutMethodKinds)[number] }[] = [
  { code: '946', name: 'Commercial Bank of Ethiopia', kind: 'bank' },
  { code: '656', name: 'Awash Bank', kind: 'bank' },
  { code: '347', name: 'Bank of Abyssinia', kind: 'bank' },
  { code: '571', name: 'Dashen Bank', kind: 'bank' },
  { code: '687', name: 'Hibret Bank', kind: 'bank' },
  { code: '772', name: 'Wegagen Bank', kind: 'bank' },
  { code: '855', name: 'telebirr', kind: 'telebirr' },
  { code: '128', name: 'CBE Birr', kind: 'cbebirr' },
];

export const payoutMethodBodySchema = z
  .object({
    kind: z.enum(payoutMethodKinds, { error: 'Choose a bank account, telebirr or CBE Birr.' }),
    bank_code: z.string().trim().max(40).default(''),
    account_name: z.string({ error: m.accountName }).trim().min(1, m.accountName).max(100),
    account_number: z.string({ error: m.accountNumber }).trim().max(40),
    current_password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(1024),
  })
  .superRefine((v, ctx) => {
    const digits = v.account_number.replace(/[\s-]/g, '');
    if (v.kind === 'bank') {
      if (!/^\d{6,20}$/.test(digits))
        ctx.addIssue({ code: 'custom', path: ['account_number'], message: m.accountNumber });
      if (!v.bank_code) ctx.addIssue({ code: 'custom', path: ['bank_code'], message: m.bankRequired });
    } else if (!/^0[79]\d{8}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: m.walletNumber });
    }
  });
export type PayoutMethodBody = z.infer<typeof payoutMethodBodySchema>;
export type PayoutMethodInput = z.input<typeof payoutMethodBodySchema>;

export const maskAccount = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits.length <= 4 ? '••••' : `••••${digits.slice(-4)}`;
};

export const payoutMethodResponseSchema = z.object({
  method: z
    .object({
      kind: z.enum(payoutMethodKinds),
      bank_code: z.string(),
      bank_name: z.string(),
      account_name: z.string(),
      account_number_masked: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
  banks: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(payoutMethodKinds) })),
});
export type PayoutMethodResponse = z.infer<typeof payoutMethodResponseSchema>;

/**
 * Birr for an amount of earnings at a run's rate (decision 230): ETB as it is; dollars at birr-per-dollar (four
 * decimals, as recorded on the run), rounded half up to the santim in exact integer arithmetic.
 */
export function toBirrCents(amountCents: number, currency: string, etbPerUsd: number | null): number | null {
  if (currency === 'ETB') return amountCents;
  if (currency !== 'USD' || etbPerUsd === null || !(etbPerUsd > 0)) return null;
  const rate = BigInt(Math.round(etbPerUsd * 10_000));
  const scaled = BigInt(amountCents) * rate;
  const sign = scaled < 0n ? -1n : 1n;
  return Number((sign * (sign * scaled + 5_000n)) / 10_000n);
}

export const payoutSchema = z.object({
  id: z.string(),
  run_id: z.string(),
  tutor: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  amount_cents: z.number().int(),
  payout_currency: z.string(),
  payout_amount_cents: z.number().int(),
  fx_rate: z.string().nullable(),
  status: z.enum(payoutStatuses),
  rail: z.enum(payoutRails),
  method: z.object({
    kind: z.string(),
    bank_name: z.string(),
    account_name: z.string(),
    account_number_masked: z.string(),
  }),
  failure_reason: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutRunSchema = z.object({
  id: z.string(),
  rail: z.enum(payoutRails),
  etb_per_usd: z.string().nullable(),
  minimum_etb_cents: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  count: z.number().int(),
  total_etb_cents: z.number().int(),
});

export const adminPayoutsQuerySchema = z.object({
  status: z.enum(payoutStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  /** The page of available balances (decision 244). */
  eligible_page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export const PAYOUTS_PAGE_SIZE = 50;
/** Available balances per page of the payouts screen (decision 244). */
export const ELIGIBLE_PAGE_SIZE = 50;

const eligibleBalanceSchema = z.object({
  tutor: z.object({ id: z.number().int(), name: z.string() }),
  currency: z.string(),
  available_cents: z.number().int(),
  has_method: z.boolean(),
});

export const adminPayoutsResponseSchema = z.object({
  rail: z.enum(payoutRails),
  minimum_etb_cents: z.number().int(),
  /** One page of the available balances (tutor and currency, above zero), by tutor name. */
  eligible: z.array(eligibleBalanceSchema),
  eligible_page: z.number().int(),
  /** Every available balance, in every page. */
  eligible_count: z.number().int(),
  /** Every available balance per currency: how many and their sum, and of them those with a payout method. */
  eligible_totals: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      available_cents: z.number().int(),
      with_method_count: z.number().int(),
      with_method_cents: z.number().int(),
    }),
  ),
  runs: z.array(payoutRunSchema),
  count: z.number().int(),
  results: z.array(payoutSchema),
});
export type AdminPayouts = z.infer<typeof adminPayoutsResponseSchema>;

/** Birr per dollar for a run: positive, at most four decimals (`base` parses a JSON number or a query string). */
const etbPerUsd = (base: z.ZodNumber) =>
  base
    .positive(m.rateRequired)
    .max(100_000)
    .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, 'Use at most four decimals.');

export const payoutRunBodySchema = z.object({
  etb_per_usd: etbPerUsd(z.number({ error: m.rateRequired }))
    .nullable()
    .optional(),
  note: z.string().trim().max(500).optional(),
});
export type PayoutRunBody = z.infer<typeof payoutRunBodySchema>;

/** GET /api/admin/payouts/preview/: what a run at this rate would pay now (decision 244). */
export const payoutRunPreviewQuerySchema = z.object({
  etb_per_usd: etbPerUsd(z.coerce.number({ error: m.rateRequired })).optional(),
});
/** The balances a preview names (by tutor name); the count and total cover every one. */
export const PAYOUT_PREVIEW_MAX = 50;
export const payoutRunPreviewSchema = z.object({
  /** Some dollar balance with a payout method waits for a rate (it is left out until one is given). */
  needs_rate: z.boolean(),
  count: z.number().int(),
  total_etb_cents: z.number().int(),
  payouts: z.array(eligibleBalanceSchema.omit({ has_method: true }).extend({ etb_cents: z.number().int() })),
});
export type PayoutRunPreview = z.infer<typeof payoutRunPreviewSchema>;

export const payoutRunResponseSchema = z.object({ run: payoutRunSchema, payouts: z.array(payoutSchema) });
export const payoutMarkBodySchema = z.object({ reason: z.string().trim().max(500).optional() });
