import type { ApiError } from '~/stores/api';

export interface UploadedPhoto {
  key: string;
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export type UploadResult = { ok: true; photo: UploadedPhoto } | { ok: false; status: number; message: string };

/**
 * Uploads one lot photo to `POST /api-v2/{prefix}/upload-photo` (multipart `photo`). XMLHttpRequest rather
 * than apiPost: fetch cannot report upload progress, and a 10 MB photo on a rural mobile network takes long
 * enough that the user must see it moving. Headers are those of src/stores/api.ts. Status 0 means the
 * request never reached the server. `abort()` cancels it (the photo was removed while uploading).
 */
export function uploadLotPhoto(
  prefix: string,
  file: File,
  onProgress: (percent: number) => void,
): { done: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', `/api-v2/${prefix}/upload-photo`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'en');
    xhr.setRequestHeader('X-Session-Mode', 'cookie');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const data = xhr.response as (UploadedPhoto & ApiError) | null;
      if (xhr.status >= 200 && xhr.status < 300 && data?.key) {
        onProgress(100);
        resolve({
          ok: true,
          photo: { key: data.key, url: data.url, srcset: data.srcset, width: data.width, height: data.height },
        });
      } else resolve({ ok: false, status: xhr.status, message: data?.errors?.photo?.[0] ?? data?.message ?? '' });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: '' });
    xhr.onabort = () => resolve({ ok: false, status: 0, message: '' });
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
