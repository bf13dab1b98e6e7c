import { Hono } from 'hono';
import { z } from 'zod';
import { requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import {
  deleteDocument,
  listDocumentTypes,
  listDocuments,
  readDocument,
  uploadDocument,
} from '~/server/services/accounts/documents';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';

/** A user's documents (ID, business registration…): private to their owner. */
export function userDocumentRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    { method: 'get', path: '/user-document/index', tag: 'Documents', summary: 'Your documents', auth: true },
    async (c, { user }) => ({
      items: await listDocuments(await getDb(), user.id, c.get('locale')),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-document/document-type',
      tag: 'Documents',
      summary: 'Kinds of documents',
      cache: 'public, max-age=300',
    },
    async (c) => ({
      items: await listDocumentTypes(await getDb(), c.get('locale')),
    }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-document/upload',
      tag: 'Documents',
      summary: 'Upload a document (multipart: document_type_id, file — PDF or image, at most 20 MB)',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (_c, { raw, user }) => {
      const { document_type_id } = parseInput(z.object({ document_type_id: requiredInt() }), raw);
      return uploadDocument(await getDb(), user.id, document_type_id, raw.file);
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-document/delete',
      tag: 'Documents',
      summary: 'Delete one of your documents',
      auth: true,
      body: z.object({ id: requiredInt() }),
    },
    async (_c, { body, user }) => {
      await deleteDocument(await getDb(), user.id, body.id);
      return { success: true };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-document/download',
      tag: 'Documents',
      summary: 'The file of one of your documents',
      auth: true,
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => {
      const file = await readDocument(await getDb(), user.id, query.id);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  return app;
}
