import { useEffect, useRef, useState } from 'react';
import { LOT_PHOTO_MAX_BYTES, MAX_LOT_PHOTOS } from '~/features/lots/constants';
import type { ExistingPhoto } from '~/features/lots/lot-form-types';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { uploadLotPhoto } from './upload-photo';

export interface PhotoItem {
  /** Stable identity for React and focus, whether or not the upload has a key yet. */
  localId: string;
  /** The storage key the lot's photos[] needs, once uploaded. */
  key?: string;
  /** What the thumbnail shows: the picked file itself until the server's version exists. */
  preview: string;
  srcset?: string;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  /** Why the upload failed: the server's message, or "check your connection". */
  error?: string;
  file?: File;
}

const MAX_MB = Math.round(LOT_PHOTO_MAX_BYTES / 1024 / 1024);
let sequence = 0;

/**
 * The lot's photos: each picked file is checked here (an image, at most 10 MB, at most 10 in all) and uploaded
 * at once, so the form's submit only sends keys. Order is the display order; the first is the main photo.
 */
export function useLotPhotos(prefix: string, initial: ExistingPhoto[], t: ClientTranslate) {
  const [items, setItems] = useState<PhotoItem[]>(() =>
    initial.map((photo) => ({
      localId: photo.key,
      key: photo.key,
      preview: photo.url,
      srcset: photo.srcset,
      status: 'done',
      progress: 100,
    })),
  );
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const aborts = useRef(new Map<string, () => void>());
  const objectUrls = useRef(new Set<string>());

  useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort();
      for (const url of objectUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const update = (localId: string, changes: Partial<PhotoItem>) =>
    setItems((list) => list.map((item) => (item.localId === localId ? { ...item, ...changes } : item)));

  async function upload(localId: string, file: File) {
    update(localId, { status: 'uploading', progress: 0, error: undefined });
    const { done, abort } = uploadLotPhoto(prefix, file, (progress) => update(localId, { progress }));
    aborts.current.set(localId, abort);
    const result = await done;
    if (!aborts.current.has(localId)) return; // removed meanwhile
    aborts.current.delete(localId);
    if (result.ok)
      update(localId, { status: 'done', key: result.photo.key, srcset: result.photo.srcset, progress: 100 });
    else {
      const error = result.status === 0 ? t('auth.form_offline') : result.message || t('errors.internal_error');
      update(localId, { status: 'failed', error });
      setAnnouncement(error);
    }
  }

  function add(files: FileList | File[]) {
    const errors: string[] = [];
    const accepted: File[] = [];
    for (const file of Array.from(files)) {
      if (!file.type.startsWith('image/')) errors.push(t('lot_form.photo_not_image', { name: file.name }));
      else if (file.size > LOT_PHOTO_MAX_BYTES)
        errors.push(t('lot_form.photo_too_large', { name: file.name, mb: MAX_MB }));
      else accepted.push(file);
    }
    const room = Math.max(0, MAX_LOT_PHOTOS - items.length);
    if (accepted.length > room)
      errors.push(t('lot_form.photo_too_many', { max: MAX_LOT_PHOTOS, count: accepted.length - room }));
    const added = accepted.slice(0, room).map((file): PhotoItem => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      return { localId: `new-${++sequence}`, preview, status: 'uploading', progress: 0, file };
    });
    setPickErrors(errors);
    setItems((list) => [...list, ...added]);
    added.forEach((item) => void upload(item.localId, item.file!));
  }

  function remove(localId: string) {
    aborts.current.get(localId)?.();
    aborts.current.delete(localId);
    const item = items.find((i) => i.localId === localId);
    if (item && objectUrls.current.has(item.preview)) {
      URL.revokeObjectURL(item.preview);
      objectUrls.current.delete(item.preview);
    }
    setItems((list) => list.filter((i) => i.localId !== localId));
    setAnnouncement(t('lot_form.photo_removed'));
  }

  function move(localId: string, delta: -1 | 1) {
    const from = items.findIndex((i) => i.localId === localId);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= items.length) return;
    const next = [...items];
    [next[from], next[to]] = [next[to], next[from]];
    setItems(next);
    setAnnouncement(t('lot_form.photo_moved', { position: to + 1 }));
  }

  function retry(localId: string) {
    const item = items.find((i) => i.localId === localId);
    if (item?.file) void upload(localId, item.file);
  }

  return {
    items,
    pickErrors,
    announcement,
    add,
    remove,
    move,
    retry,
    /** Keys in display order: what the form sends as photos[]. */
    keys: items.flatMap((item) => (item.status === 'done' && item.key ? [item.key] : [])),
    /** Photos still uploading or failed: the lot cannot be sent with them in this state. */
    unsettled: items.some((item) => item.status !== 'done'),
  };
}

export type LotPhotos = ReturnType<typeof useLotPhotos>;
export const PHOTO_MAX_MB = MAX_MB;
