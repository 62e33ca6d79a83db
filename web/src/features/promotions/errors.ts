import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';

type Translate = (key: string, o?: Record<string, unknown>) => string;

// The refusals of the promotion, bonus, points and rebate calls (issue 16
// contract) worded in the site's catalogue; anything else goes to the
// site's errorText (the server's message, already in the language).
const known: Record<string, string> = {
  'promo.not_found': 'promo.error.notFound',
  'promo.not_joinable': 'promo.error.notJoinable',
  'promo.closed': 'promo.error.closed',
  'promo.not_qualified': 'promo.error.notQualified',
  'promo.budget_exhausted': 'promo.error.budgetExhausted',
  'promo.already_claimed': 'promo.error.alreadyClaimed',
  'promo.comment_too_long': 'promo.error.commentTooLong',
  'promo.image_type': 'promo.error.imageType',
  'promo.image_too_large': 'promo.error.imageTooLarge',
  'promo.too_many_images': 'promo.error.tooManyImages',
  'promo.application_pending': 'promo.error.applicationPending',
  'bonus.active_grant': 'promo.error.activeGrant',
  'points.insufficient': 'pointMall.error.insufficient',
  'points.out_of_stock': 'pointMall.error.outOfStock',
  'points.requirement_not_met': 'pointMall.error.requirementNotMet',
  'points.limit_reached': 'pointMall.error.limitReached',
  'points.not_found': 'pointMall.error.notFound',
  'points.below_minimum': 'pointMall.error.belowMinimum',
  'cashier.payment_password_incorrect': 'pointMall.error.passwordWrong',
  'cashier.payment_password_required': 'pointMall.error.passwordRequired',
  'cashier.payment_password_locked': 'pointMall.error.passwordLocked',
  'rebate.nothing_to_claim': 'rebate.error.nothing',
  'rebate.below_minimum': 'rebate.error.belowMinimum',
};

// errorKeys are the codes above (tests hold every one to a catalogue key).
export const errorKeys: Readonly<Record<string, string>> = known;

// loyaltyErrorText is what to tell the member about a failed call here.
export function loyaltyErrorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError && known[err.code]) return t(known[err.code]);
  return errorText(t, err);
}
