import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { messagesAt } from '../testing/issues-of.ts';
import {
  checkoutQuerySchema,
  checkoutSessionSchema,
  pricingSchema,
  promotionSchema,
} from './billing.ts';

describe('pricingSchema', () => {
  it('comes with a price when payments are configured', () => {
    const configured = {
      billing: 'on',
      payments: 'configured',
      pricePerCreditCents: 1500,
      currency: 'usd',
    };
    expect(pricingSchema.parse(configured)).toEqual(configured);
    const { pricePerCreditCents: _, ...withoutPrice } = configured;
    expect(pricingSchema.safeParse(withoutPrice).success).toBe(false);
    expect(pricingSchema.safeParse({ ...configured, currency: 'USD' }).success).toBe(false);
  });

  it('needs no price without payments, billing on or off', () => {
    for (const billing of ['on', 'off']) {
      const pricing = { billing, payments: 'not-configured' };
      expect(pricingSchema.parse(pricing)).toEqual(pricing);
    }
  });
});

describe('promotionSchema', () => {
  it('holds the running promotion or null', () => {
    const promotion = { id: 'SPRING26', percentOff: 20, endsAt: '2026-06-01T00:00:00Z' };
    expect(promotionSchema.parse({ promotion })).toEqual({ promotion });
    expect(promotionSchema.parse({ promotion: null })).toEqual({ promotion: null });
    for (const percentOff of [0, 101, 12.5]) {
      expect(promotionSchema.safeParse({ promotion: { ...promotion, percentOff } }).success).toBe(
        false,
      );
    }
  });
});

describe('checkoutQuerySchema', () => {
  it('reads the quantity from the query string', () => {
    expect(checkoutQuerySchema.parse({ quantity: '12' })).toEqual({ quantity: 12 });
    expect(checkoutQuerySchema.parse({ quantity: '1000' })).toEqual({ quantity: 1000 });
  });

  it('buys 1 to 1,000 whole credits', () => {
    for (const quantity of ['0', '1001', '2.5', 'ten', '', undefined]) {
      expect(messagesAt(checkoutQuerySchema, { quantity }, 'quantity'), String(quantity)).toEqual([
        messages.subscriptions.quantityInvalid,
      ]);
    }
  });
});

describe('checkoutSessionSchema', () => {
  it('takes a web address to send the browser to', () => {
    const url = 'https://checkout.stripe.com/c/pay/cs_test_a1';
    expect(checkoutSessionSchema.parse({ url })).toEqual({ url });
    expect(checkoutSessionSchema.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
  });
});
