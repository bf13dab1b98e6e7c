import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_WIDTHS } from '~/features/articles/constants';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { detectUpload, encodeWebp, newStorageKey, readUpload } from '~/server/storage/uploads';
import { type ArticleEditor, requireEditor } from './access';
import { type ArticleImage, articleImage } from './article-cards';

/**
 * Stores an image for an article (a cover or a picture in a body): checked by its bytes (an image sharp can
 * read, at most 10 MB), re-encoded without metadata to WebP at each of ARTICLE_IMAGE_WIDTHS under
 * `articles/<editor>/<random>`. Answers the key (`path`, what `cover_path` takes), the addresses, and the
 * Markdown that puts it into a body.
 */
export async function uploadArticleImage(
  editor: ArticleEditor,
  file: unknown,
  alt: string,
): Promise<{ path: string; width: number; height: number; markdown: string } & ArticleImage> {
  requireEditor(editor);
  const { bytes } = await readUpload(file, ARTICLE_IMAGE_MAX_BYTES, 'file');
  const type = await detectUpload(bytes);
  if (type?.kind !== 'image')
    throw new AppError('validation_failed', 'uploads.invalid_image', {
      fields: { file: [{ key: 'uploads.invalid_image' }] },
    });
  const encoded = await encodeWebp(bytes, [...ARTICLE_IMAGE_WIDTHS], 'file', { quality: 78 });
  const key = newStorageKey('articles', editor.id);
  for (const [width, { data }] of encoded) await getStorage().put(`${key}-${width}.webp`, data);
  const { width, height } = encoded.get(Math.max(...ARTICLE_IMAGE_WIDTHS))!;
  const image = articleImage(key, alt)!;
  const safeAlt = alt.replace(/[[\]\\]/g, '');
  const middle = ARTICLE_IMAGE_WIDTHS[1];
  return {
    path: key,
    width,
    height,
    ...image,
    markdown: `![${safeAlt}](${image.url.replace(/-\d+\.webp$/, `-${middle}.webp`)})`,
  };
}
