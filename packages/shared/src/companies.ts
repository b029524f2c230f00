import { z } from 'zod';
import { companyTermsSchema } from './accounts.js';
import { PAYMENT_TERMS } from './payment-terms.js';
import { idSchema, moneyAnswerSchema } from './answers.js';
import { emailSchema, isOneLine, isSafeText } from './fields.js';
import { messages } from './messages.js';
import { dollarsSchema } from './money-schema.js';
import { pageOf, pageQuerySchema } from './paging.js';
import { optionalAddressSchema, taxIdSchema } from './purchases.js';
import { checkVatIdFormat, looksLikeEuVatId, vatIdMessages } from './tax/vat-id.js';

/**
 * Company accounts (DESIGN section 8, issue 15): colleagues who buy for one business. A member is
 * known by email and joins only by accepting the owner's invitation, signed in with that address
 * verified (DESIGN section 9, issue 27); until then the company sees only the address. Roles: the `owner` runs the company (members,
 * roles, limits), an `approver` approves purchases above a limit, a `buyer` buys. Every member
 * may buy; a member with a monthly spending limit whose purchase would take the calendar month's
 * spend above it waits for an approver or owner other than themselves.
 */

export const COMPANY_ROLES = ['owner', 'buyer', 'approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Members in one company: a business's purchasing team, with room to spare. */
export const COMPANY_MEMBERS_MAX = 200;

/** Invitations one company may send a day (DESIGN section 9): a team, not a mailing list. */
export const COMPANY_INVITATIONS_PER_DAY = 20;

/** The web page where an invitee accepts or declines; the invitation email links to it. */
export const INVITATIONS_PAGE = '/dashboard/invitations';

export const MEMBER_STATUSES = ['invited', 'active'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Purchases one buyer may have waiting for approval at once (DESIGN section 9). */
export const AWAITING_PER_BUYER_MAX = 20;

/** The longest reason an approver may give for a rejection. */
export const REJECTION_REASON_MAX = 500;

export const companyMessages = {
  name: 'Please give the company name (1 to 120 characters).',
  nothingToChange: 'Nothing to change: give the name, tax id, billing or shipping address.',
  alreadyMember: 'You already belong to a company: leave it before creating another.',
  tooManyInvitations: `A company may send at most ${COMPANY_INVITATIONS_PER_DAY} invitations a day: try again tomorrow.`,
  noInvitation: 'You have no invitation from this company.',
  verifyFirst: 'Verify your email address before accepting an invitation.',
  leaveFirst: 'You already belong to a company: leave it before joining another.',
  purchasesOpen:
    'This company has purchases waiting for payment or approval: settle or reject them before dissolving it.',
  ledgerKept:
    'This company has entries on its account (invoices, payments): it cannot be dissolved, as its account is kept for the books.',
  ownsCompany: (company: string) =>
    `This person is the last owner of ${company}: make another member owner, or dissolve the company, first.`,
  notFound: 'This company does not exist.',
  notMember: 'You are not a member of this company.',
  ownersOnly: "Only the company's owners may change its members.",
  noCompany: 'You do not belong to a company.',
  role: 'The role is owner, buyer or approver.',
  spendingLimit:
    'The spending limit is an amount of dollars with at most two decimals (for example 1000.50), or empty for none.',
  lastOwner: 'A company needs an owner: make someone else owner first.',
  notInvited: (email: string) => `${email} is not a member of this company.`,
  tooManyMembers: `A company has at most ${COMPANY_MEMBERS_MAX} members.`,
  price:
    'The contract price is an amount of dollars per piece with at most two decimals (for example 89.50).',
  productNotFound: 'No product with this id.',
  approversOnly: "Only the company's approvers and owners may approve purchases.",
  ownPurchase: 'You cannot approve or reject your own purchase: another approver must.',
  notAwaiting: 'This purchase is not waiting for approval.',
  productGone: 'This product is no longer sold.',
  buyerLeft:
    'The buyer no longer belongs to this company: the purchase was cancelled and cannot be approved.',
  rejectionReason: 'Please give a reason of at most 500 characters.',
  expiredUnapproved: (days: number) => `Nobody approved it within ${days} days.`,
  stockGone: (name: string, available: number) =>
    `${name} has only ${available} in stock now: the purchase cannot be approved as it is.`,
} as const;

/** Body of PUT /purchase/{id}/reject: optional, as is its reason (shown to the buyer, mailed). */
export const rejectPurchaseSchema = z
  .object({
    reason: z
      .string({ error: companyMessages.rejectionReason })
      .trim()
      .refine(isSafeText, messages.unsafeText)
      .max(REJECTION_REASON_MAX, companyMessages.rejectionReason)
      .transform((value) => (value === '' ? null : value))
      .nullish()
      .transform((value) => value ?? null),
  })
  .nullish();
export type RejectPurchase = z.input<typeof rejectPurchaseSchema>;

/** A spending limit in dollars (at most two decimals) a calendar month; null is none. */
export const spendingLimitSchema = dollarsSchema(companyMessages.spendingLimit).nullable();

const companyName = z
  .string({ error: companyMessages.name })
  .trim()
  .min(1, companyMessages.name)
  .max(120, companyMessages.name)
  .refine(isOneLine, messages.oneLine);

/**
 * A company's tax id: any id of one line, and when it is an EU VAT id (it starts with a member
 * state's code) its format and check digits must hold, since reverse charge rests on it
 * (docs/decisions/035). A US EIN or a UK VAT number is kept as typed.
 */
export const companyTaxIdSchema = taxIdSchema.superRefine((taxId, ctx) => {
  if (taxId === null || !looksLikeEuVatId(taxId)) return;
  const check = checkVatIdFormat(taxId);
  if (!check.valid)
    ctx.addIssue({
      code: 'custom',
      message:
        check.reason === 'check_digits'
          ? vatIdMessages.checkDigits(taxId)
          : vatIdMessages.format(taxId),
    });
});

/** Body of POST /companies. */
export const companyInputSchema = z.object({
  name: companyName,
  taxId: companyTaxIdSchema,
  billingAddress: optionalAddressSchema,
  shippingAddress: optionalAddressSchema,
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/**
 * Body of POST /admin/companies (issue 28): an admin opens a company for a customer. The owner
 * is invited, not added: nobody joins a company without saying yes (DESIGN section 9).
 */
export const adminCompanyInputSchema = companyInputSchema.extend({ ownerEmail: emailSchema });
export type AdminCompanyInput = z.input<typeof adminCompanyInputSchema>;

/** Body of PUT /companies/{id}: any of the company's details, at least one. */
export const companyUpdateSchema = companyInputSchema
  .partial()
  .refine((input) => Object.keys(input).length > 0, companyMessages.nothingToChange);

/**
 * An invitation not yet accepted: the address, the role and limit the owner chose, nothing of
 * the person's (no name, no spend) until they accept.
 */
export const invitedMemberSchema = z.object({
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars a calendar month, as the owner set it; null for none. */
  spendingLimit: z.nullable(moneyAnswerSchema),
  status: z.literal('invited'),
});

export const activeMemberSchema = invitedMemberSchema.extend({
  status: z.literal('active'),
  /** The member's account name. */
  name: z.string().nullable(),
  /** What the member's purchases for this company this calendar month add up to. */
  spentThisMonth: moneyAnswerSchema,
});

export const companyMemberSchema = z.discriminatedUnion('status', [
  invitedMemberSchema,
  activeMemberSchema,
]);
export type CompanyMember = z.infer<typeof companyMemberSchema>;
export type ActiveMember = z.infer<typeof activeMemberSchema>;

/** One of GET /invitations: a company waiting for the caller's yes. */
export const invitationSchema = z.object({
  companyId: idSchema,
  companyName: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** The owner who invited, by email. */
  invitedBy: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationParamsSchema = z.object({ companyId: idSchema });

export const companyAnswerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  taxId: z.string().nullable(),
  billingAddress: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  createdAt: z.string(),
  members: z.array(companyMemberSchema),
  /**
   * Its payment terms, credit limit, hold and balance (issue 30): present where the shop's admin
   * or one of the company's owners and approvers reads it, absent for a plain buyer.
   */
  ...companyTermsSchema.partial().shape,
});
export type Company = z.infer<typeof companyAnswerSchema>;

/**
 * Answer of GET /company/spending: what the caller's company lets them buy this month, so a page
 * can say before a purchase that it will wait for approval, as the server will decide. Nulls
 * outside a company; `spendingLimit` null for no limit.
 */
export const spendingSchema = z.object({
  companyId: z.nullable(idSchema),
  companyName: z.string().nullable(),
  role: z.enum(COMPANY_ROLES).nullable(),
  spendingLimit: z.nullable(moneyAnswerSchema),
  /** The lines of the purchases the caller made for the company this calendar month. */
  spentThisMonth: moneyAnswerSchema,
  /**
   * How the company pays (issue 30), for every member: a checkout offers "Pay on account" when
   * the terms are net and the account is not on hold. Null outside a company.
   */
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  /** On hold by the admin, or by an invoice more than OVERDUE_HOLD_DAYS late. */
  onHold: z.boolean(),
  /** Why, in words a buyer reads at checkout; null when not on hold. */
  holdReason: z.string().nullable(),
});
export type Spending = z.infer<typeof spendingSchema>;

export const memberParamsSchema = z.object({ id: idSchema, email: emailSchema });

/** Body of PUT /companies/{id}/members/{email}. */
export const memberInputSchema = z.object({
  role: z.enum(COMPANY_ROLES, { error: companyMessages.role }),
  spendingLimit: spendingLimitSchema.optional(),
});
export type MemberInput = z.input<typeof memberInputSchema>;

/** A company in the admin's list. */
export const companySummarySchema = z.object({
  _id: idSchema,
  name: z.string(),
  taxId: z.string().nullable(),
  members: z.number().int(),
  contractPrices: z.number().int(),
  createdAt: z.string(),
  ...companyTermsSchema.shape,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companyListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(120).optional().default(''),
});
export const companyPageSchema = pageOf(companySummarySchema);
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const priceParamsSchema = z.object({ id: idSchema, productId: idSchema });

/** Body of PUT /companies/{id}/prices/{productId}. */
export const contractPriceInputSchema = z.object({
  price: dollarsSchema(companyMessages.price),
});

export const contractPriceSchema = z.object({
  productId: idSchema,
  sku: z.string(),
  name: z.string(),
  /** The product's list price, for comparison. */
  listPrice: moneyAnswerSchema,
  /** The company's unit price. */
  price: moneyAnswerSchema,
});
export type ContractPrice = z.infer<typeof contractPriceSchema>;

/** Body of POST /companies/{id}/prices/import: CSV with `sku,price` rows. */
/** The longest price CSV one import takes: 100,000 rows of a 32-character sku and a price fit. */
export const PRICE_IMPORT_CHARS_MAX = 5_000_000;

export const contractPriceImportSchema = z.object({
  csv: z.string().max(PRICE_IMPORT_CHARS_MAX, 'Please import at most 5 MB of CSV at once.'),
  dryRun: z.boolean().default(true),
});
export const contractPriceImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** Prices set or changed (or that would be, in a dry run). */
  set: z.array(
    z.object({ sku: z.string(), from: z.nullable(moneyAnswerSchema), to: moneyAnswerSchema }),
  ),
  /** Lines refused, by line number; nothing is applied when there are any. */
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ContractPriceImportReport = z.infer<typeof contractPriceImportReportSchema>;
