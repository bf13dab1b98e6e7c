import {
  APPROX_CLASSES,
  type ApproximationPair,
  approximatePrice,
  describeApproximation,
} from '~/features/money/approximate-price';
import type { Locale } from '~/i18n/config';
import type { ClientTranslate } from './i18n';

interface Props {
  /** Integer minor units of `pair.from` (the lot's currency). */
  minor: number;
  /** The lot's currency and the reader's, with their rates (approximationPair, passed by the page); null: nothing. */
  pair: ApproximationPair | null;
  locale: Locale;
  /** Needs `money.approx_amount` and `money.approx_detail` among the island's messages. */
  t: ClientTranslate;
}

/**
 * The islands' "≈ 1 230 000 FCFA" (the offer dialog's totals as they are typed): the same words and markup as
 * src/components/money/ApproxMoney.astro, from the same approximatePrice. Indicative only: nothing is charged in it.
 */
export default function ApproxMoney({ minor, pair, locale, t }: Props) {
  const approximation = pair ? approximatePrice(minor, pair.from, pair.to) : null;
  if (!approximation) return null;
  const words = describeApproximation(approximation, locale, t);
  return (
    <details className={APPROX_CLASSES.root} data-testid="approx-money" data-currency={approximation.currency.code}>
      <summary className={APPROX_CLASSES.summary} title={words.detail}>
        {words.text}
      </summary>
      <span className={APPROX_CLASSES.detail}>{words.detail}</span>
    </details>
  );
}
