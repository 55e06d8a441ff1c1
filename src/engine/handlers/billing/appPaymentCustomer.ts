import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { findPaymentCustomer, primaryCard } from '../../repositories/paymentCustomers.ts';
import { firstAdminEmail } from '../../repositories/users.ts';

type CardType = 'visa' | 'mastercard' | 'american_express' | 'discover' | 'jcb' | 'diners_club' | 'other';
const CARD_TYPES: readonly string[] = ['visa', 'mastercard', 'american_express', 'discover', 'jcb', 'diners_club'];

// The organisation's customer at the built-in provider (keyed by organisation) and its primary card.
// Without a customer row no subscription was ever bought: 404, and the tab shows nothing to edit.
export const appPaymentCustomer = defineSessionHandler('appPaymentCustomer', async (_input, { db, caller }) => {
  const customer = await findPaymentCustomer(db, caller.orgId);
  if (!customer) throw notFound('No billing details yet: the organisation has never bought a subscription');
  const org = await findOrganisation(db, caller.orgId);
  // Invoices go to the customer's e-mail; one recorded without it falls back to the first admin's.
  const email = customer.email ?? (await firstAdminEmail(db, caller.orgId)) ?? caller.email;
  const card = await primaryCard(db, caller.orgId);
  const hasAddress = customer.billing_line1 !== null;
  return {
    customer: {
      id: `cus_${caller.orgId.replace(/^org_/, '')}`,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email,
      company: customer.company ?? org?.name ?? null,
      billing_address: hasAddress ? {
        first_name: customer.billing_first_name ?? customer.first_name ?? '',
        last_name: customer.billing_last_name ?? customer.last_name ?? '',
        line1: customer.billing_line1!,
        line2: customer.billing_line2,
        city: customer.billing_city,
        state: customer.billing_state,
        zip: customer.billing_zip,
        country: customer.billing_country && /^[A-Z]{2}$/.test(customer.billing_country) ? customer.billing_country : null,
      } : null,
      vat_number: customer.vat_number,
    },
    card: card ? {
      card_type: (CARD_TYPES.includes(card.card_type) ? card.card_type : 'other') as CardType,
      masked_number: card.masked_number,
      expiry_month: card.expiry_month,
      expiry_year: card.expiry_year,
    } : null,
  };
});
