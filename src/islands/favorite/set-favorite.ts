import { KINDS, type LotKind } from '~/features/lots/constants';
import { type ApiResult, apiPost } from '~/stores/api';

/** Adds a lot to the member's favourites or takes it out; the answer lists their favourite lot ids of the kind. */
export function setLotFavorite(
  kind: LotKind,
  lotId: number,
  isFavorite: boolean,
): Promise<ApiResult<{ items: number[] }>> {
  const meta = KINDS[kind];
  return apiPost<{ items: number[] }>(
    `/${meta.apiPrefix}/${isFavorite ? 'add' : 'remove'}-favorites-${meta.favoriteSuffix}`,
    { [meta.favoriteField]: lotId },
  );
}
