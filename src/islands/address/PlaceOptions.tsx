import type { ClientTranslate } from '~/islands/lib/i18n';
import type { ListState } from './places';

/** The options of a place drop-down (useOptions' list): a first empty choice that says "loading" while it loads. */
export default function PlaceOptions({
  list,
  placeholder,
  t,
}: {
  list: { state: ListState; items: { id: number; name: string }[] };
  placeholder: string;
  t: ClientTranslate;
}) {
  return (
    <>
      <option value="">{list.state === 'loading' ? t('address.loading') : placeholder}</option>
      {list.items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}
