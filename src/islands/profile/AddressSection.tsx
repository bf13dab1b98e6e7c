import { useEffect, useRef, useState } from 'react';
import { ADDRESS_LABEL_KEYS } from '~/features/accounts/labels';
import { type AddressInput, addressSchema } from '~/features/accounts/schemas';
import { issueField, issueToMessage } from '~/features/validation/messages';
import { showSnack } from '~/stores/snackbar';
import AddressFields, { focusAddressField } from '~/islands/address/AddressFields';
import {
  type AddressErrors,
  type AddressField,
  type AddressValue,
  addressValueFrom,
  emptyAddress,
} from '~/features/accounts/address-value';
import { apiGet, apiPost } from '~/stores/api';
import { FormAlert, SubmitButton } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import ConfirmDialog from '~/islands/lib/ConfirmDialog';
import { useConfirmedDelete } from './use-confirmed-delete';

/** An item of GET /user/get-user-address/ (listAddresses), place names in the page's language. */
export interface SavedAddress {
  id: number;
  label: string;
  country_id: number;
  country: string;
  region_id: number | null;
  region: string | null;
  village_id: number | null;
  village: string | null;
  city: string | null;
  street: string | null;
  house: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface Props {
  messages: Messages;
  addresses: SavedAddress[];
}

const ID_PREFIX = 'profile-address';
const FIELDS: AddressField[] = [
  'label',
  'country_id',
  'region_id',
  'village_id',
  'city',
  'street',
  'house',
  'latitude',
  'longitude',
];

type Editing = { id: number | null; value: AddressValue };

/** Lines of an address as people write them: house and street, the place, the region, the country. */
function addressLines(item: SavedAddress): string[] {
  return [
    [item.house, item.street].filter(Boolean).join(' '),
    item.village ?? item.city ?? '',
    item.region ?? '',
    item.country,
  ].filter(Boolean);
}

/**
 * The user's addresses: the list with edit and delete (after a confirmation), and one form at a time, for a new
 * address or the one being edited, built on the shared AddressFields (with its map picker).
 */
export default function AddressSection({ messages, addresses: initial }: Props) {
  const t = createClientTranslator(messages);
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<FormProblem>();
  const [saving, setSaving] = useState(false);
  const [focusField, setFocusField] = useState<AddressField | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formTitle = useRef<HTMLHeadingElement>(null);
  const editingKey = editing ? (editing.id ?? 'new') : null;
  const wasEditing = useRef(false);

  // Focus follows the form: to its title when it opens, back to "add an address" when it closes.
  useEffect(() => {
    if (editingKey !== null) formTitle.current?.focus();
    else if (wasEditing.current) addButton.current?.focus();
    wasEditing.current = editingKey !== null;
  }, [editingKey]);

  function open(next: Editing) {
    setEditing(next);
    setErrors({});
    setFailure(undefined);
  }

  function close() {
    setEditing(null);
  }

  /** A field the user changes loses its error: the message was about the old value. */
  function change(value: AddressValue) {
    if (!editing) return;
    const changed = FIELDS.filter((field) => value[field] !== editing.value[field]);
    if (changed.some((field) => errors[field]))
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !changed.includes(field as AddressField))),
      );
    setEditing({ ...editing, value });
  }

  // After the errors are on screen, so the field is read out with its message.
  useEffect(() => {
    if (!focusField) return;
    focusAddressField(ID_PREFIX, focusField);
    setFocusField(null);
  }, [focusField]);

  function showErrors(found: AddressErrors) {
    setErrors(found);
    setFocusField(FIELDS.find((field) => found[field]) ?? null);
  }

  async function save() {
    if (!editing) return;
    setFailure(undefined);
    const parsed = addressSchema.safeParse(editing.value, { reportInput: true });
    if (!parsed.success) {
      const found: AddressErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issueField(issue) as AddressField;
        if (found[field]) continue;
        const { key, vars } = issueToMessage(issue, (k) => k in messages);
        found[field] = t(key, vars);
      }
      return showErrors(found);
    }
    setErrors({});
    setSaving(true);
    const body: AddressInput & { id?: number } = editing.id === null ? parsed.data : { ...parsed.data, id: editing.id };
    const result = await apiPost(editing.id === null ? '/user/create-address' : '/user/update-address', {
      Address: body,
    });
    if (!result.ok) {
      setSaving(false);
      const fieldErrors = Object.fromEntries(
        Object.entries(result.error.errors ?? {})
          .map(([name, list]) => [name.replace(/^Address\./, ''), list[0]])
          .filter(([name]) => (FIELDS as string[]).includes(name)),
      ) as AddressErrors;
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else setFailure(problemOf(result, t));
      return;
    }
    // Place names come from the server in the page's language, so the list is read again.
    const list = await apiGet<{ items: SavedAddress[] }>('/user/get-user-address');
    setSaving(false);
    if (list.ok) setAddresses(list.data.items);
    showSnack('success', editing.id === null ? t('profile.address_added') : t('profile.address_updated'));
    close();
  }

  const removal = useConfirmedDelete<SavedAddress>({
    path: '/user/delete-address',
    t,
    deletedText: t('profile.address_deleted'),
    onDeleted: (deleted) => {
      setAddresses((current) => current.filter((item) => item.id !== deleted.id));
      if (editing?.id === deleted.id) setEditing(null);
    },
  });

  return (
    <div className="flex flex-col gap-4">
      {addresses.length === 0 ? (
        <p className="opacity-75">{t('profile.address_empty')}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {addresses.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
              <p className="font-semibold">{t(ADDRESS_LABEL_KEYS[addressValueFrom(item).label])}</p>
              <address className="not-italic">
                {addressLines(item).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              {item.latitude !== null && item.longitude !== null && (
                <p className="text-sm opacity-75">{t('profile.address_on_map')}</p>
              )}
              <div className="mt-auto flex flex-wrap gap-2 pt-2">
                <button
                  type="button"
                  className="btn btn-outline btn-sm min-h-11"
                  onClick={() => open({ id: item.id, value: addressValueFrom(item) })}
                  aria-label={t('profile.address_edit_named', { name: addressLines(item).join(', ') })}
                >
                  {t('profile.address_edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm min-h-11"
                  onClick={() => removal.ask(item)}
                  aria-label={t('profile.address_delete_named', { name: addressLines(item).join(', ') })}
                >
                  {t('profile.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing ? (
        <form
          noValidate
          className="flex max-w-2xl flex-col gap-4 rounded-box bg-base-200 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <h3 ref={formTitle} tabIndex={-1} className="text-lg font-semibold">
            {editing.id === null ? t('profile.address_new') : t('profile.address_editing')}
          </h3>
          <AddressFields
            value={editing.value}
            onChange={(value) => change(value)}
            errors={errors}
            t={t}
            idPrefix={ID_PREFIX}
            disabled={saving}
          />
          <FormAlert inline problem={failure} onRetry={() => void save()} retryLabel={t('auth.form_retry')} />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={saving} className="">
              {t('profile.address_save')}
            </SubmitButton>
            <button type="button" className="btn btn-ghost min-h-12" onClick={close} disabled={saving}>
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={addButton}
          type="button"
          className="btn btn-primary min-h-12 self-start"
          onClick={() => open({ id: null, value: emptyAddress() })}
        >
          {t('profile.address_add')}
        </button>
      )}

      <ConfirmDialog
        {...removal.dialog}
        title={t('profile.address_delete_title')}
        text={t('profile.address_delete_text', {
          name: removal.deleting ? addressLines(removal.deleting).join(', ') : '',
        })}
      />
    </div>
  );
}
