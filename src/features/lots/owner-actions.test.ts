import { describe, expect, it } from 'vitest';
import { isInDeal, mayChangeTerms, ownerLotActions } from './owner-actions';

const lot = (over: Partial<Parameters<typeof ownerLotActions>[0]> = {}) =>
  ownerLotActions({
    status: 'active',
    hasRunningDeal: false,
    hasOffers: false,
    hasVolumeLeft: true,
    isRental: false,
    ...over,
  });

describe("a lot owner's actions", () => {
  it('offers everything on a free active lot, and re-activation on a hidden one', () => {
    expect(lot()).toEqual(['edit', 'deactivate-quote', 'close-quote', 'delete-quote']);
    expect(lot({ status: 'not_active' })).toEqual(['edit', 'activate-quote', 'close-quote', 'delete-quote']);
  });

  it('keeps a lot in a deal unchanged: closing only, no edit, no hiding, no deleting', () => {
    expect(lot({ status: 'in_process', hasRunningDeal: true, hasOffers: true })).toEqual(['close-quote']);
    // A machine with a booking under way stays active but is in a deal all the same.
    expect(lot({ hasRunningDeal: true, hasOffers: true })).toEqual(['close-quote']);
    expect(lot({ status: 'success', hasRunningDeal: true, hasOffers: true, hasVolumeLeft: false })).toEqual([]);
  });

  it('re-adds a closed lot only with volume left and no booking under way, and deletes only a lot nobody offered on', () => {
    expect(lot({ status: 'closed' })).toEqual(['edit', 're-add-quote', 'delete-quote']);
    expect(lot({ status: 'closed', hasOffers: true, hasVolumeLeft: false })).toEqual(['edit']);
    expect(lot({ status: 'closed', hasOffers: true, hasRunningDeal: true, isRental: true })).toEqual([]);
    // What a sell lot's deals do not hold can be sold again while they run.
    expect(lot({ status: 'closed', hasOffers: true, hasRunningDeal: true })).toEqual(['re-add-quote']);
    expect(lot({ hasOffers: true })).toEqual(['edit', 'deactivate-quote', 'close-quote']);
  });
});

describe('a lot whose deals have ended (the state never sticks)', () => {
  it('is in a deal only while a deal is under way, whatever status was stored', () => {
    expect(isInDeal({ hasRunningDeal: true })).toBe(true);
    expect(isInDeal({ hasRunningDeal: false })).toBe(false);
    // A lot left "in process" by an older version, its deals all done, is not locked by that status.
    expect(mayChangeTerms({ status: 'in_process', hasRunningDeal: false })).toBe(true);
    expect(lot({ status: 'in_process', hasOffers: true })).toEqual(['edit', 'close-quote']);
  });

  it('gives back edit, hiding and closing once its deals are done, but never deleting (its deals keep their lot)', () => {
    expect(lot({ hasOffers: true })).toEqual(['edit', 'deactivate-quote', 'close-quote']);
    // A machine whose bookings are all done.
    expect(lot({ hasOffers: true, isRental: true })).toEqual(['edit', 'deactivate-quote', 'close-quote']);
  });

  it('leaves nothing to do with a sold-out lot once its last deal is done', () => {
    expect(mayChangeTerms({ status: 'success', hasRunningDeal: false })).toBe(false);
    expect(lot({ status: 'success', hasOffers: true, hasVolumeLeft: false })).toEqual([]);
  });

  it('lets a lot closed during a deal be edited and re-added once the deal is done, a machine included', () => {
    expect(lot({ status: 'closed', hasOffers: true })).toEqual(['edit', 're-add-quote']);
    expect(lot({ status: 'closed', hasOffers: true, isRental: true })).toEqual(['edit', 're-add-quote']);
    expect(lot({ status: 'closed', hasOffers: true, hasRunningDeal: true, isRental: true })).toEqual([]);
  });
});
