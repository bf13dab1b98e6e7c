import { describe, expect, it } from 'vitest';
import { classifyRefusal } from './refusals';

describe('deal step refusals', () => {
  it('offers a reload only when the deal changed meanwhile', () => {
    expect(classifyRefusal('payment-get', 409, 'offers.wrong_state')).toBe('stale');
    expect(classifyRefusal('approve-direct-payment', 409, 'offers.not_direct_payment')).toBe('stale');
    expect(classifyRefusal('delivery-send', 403, 'offers.not_your_turn')).toBe('stale');
    expect(classifyRefusal('payment-get', 409, 'offers.feedback_given')).toBe('other');
    expect(classifyRefusal('payment-get', 422, 'offers.wrong_state')).toBe('other');
    expect(classifyRefusal('payment-get', 409, undefined)).toBe('other');
  });

  it('leaves only declining when an approval can no longer succeed', () => {
    expect(classifyRefusal('approve-offer', 409, 'offers.dates_taken')).toBe('only-decline');
    expect(classifyRefusal('approve-offer', 409, 'offers.volume_exceeded')).toBe('only-decline');
    // The same reason on another step is no approval's dead end.
    expect(classifyRefusal('payment-send', 409, 'offers.dates_taken')).toBe('other');
  });
});
