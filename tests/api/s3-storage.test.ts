import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv, replaceEnv } from '~/server/env';
import { serveUpload } from '~/server/http/serve-upload';
import { getStorage, installStorage } from '~/server/storage';
import { moveUploadsToBucket } from '~/server/storage/move-uploads';
import { createS3Storage } from '~/server/storage/s3';
import { apiRequest } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { sellerAndBuyer } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { memberWithTier, postAs } from '../fixtures/lots';
import { type S3TestServer, startS3Server, useS3Server } from '../fixtures/s3-server';

const database = useTestDatabase();
const s3 = useS3Server();
const bucket = () => createS3Storage(s3().options);

const objectOf = async (server: S3TestServer, key: string) => {
  const object = await server.client.send(new GetObjectCommand({ Bucket: server.options.bucket, Key: key }));
  return { contentType: object.ContentType, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
};
const keysIn = async (server: S3TestServer, prefix: string) =>
  (
    (await server.client.send(new ListObjectsV2Command({ Bucket: server.options.bucket, Prefix: prefix }))).Contents ??
    []
  ).map((object) => object.Key!);

describe('the S3 adapter on a real S3-compatible server', () => {
  it('stores bytes with their content type and gives them back as a stream with their size', async () => {
    const storage = bucket();
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF');
    await storage.put('documents/7/contract.pdf', pdf);
    const file = await storage.get('documents/7/contract.pdf');
    expect(file?.size).toBe(pdf.byteLength);
    expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(pdf);
    expect(await storage.sizeOf('documents/7/contract.pdf')).toBe(pdf.byteLength);
    const stored = await objectOf(s3(), 'documents/7/contract.pdf');
    expect(stored.contentType).toBe('application/pdf');
    await storage.put('lots/7/photo-320.webp', new Uint8Array([1, 2, 3]));
    expect((await objectOf(s3(), 'lots/7/photo-320.webp')).contentType).toBe('image/webp');
  });

  it('answers undefined for a missing key and refuses unsafe keys', async () => {
    const storage = bucket();
    expect(await storage.get('documents/7/never-stored.pdf')).toBeUndefined();
    expect(await storage.sizeOf('documents/7/never-stored.pdf')).toBeUndefined();
    // An object whose key is not a storage key is never read through the adapter, even when the bucket holds it.
    await s3().client.send(new PutObjectCommand({ Bucket: s3().options.bucket, Key: 'a/../b.txt', Body: 'x' }));
    for (const key of ['../outside.txt', 'a/../b.txt', '/abs', 'a//b', '.hidden', 'a\\b']) {
      expect(await storage.get(key)).toBeUndefined();
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow(/Unsafe/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe/);
    }
  });

  it('deletes an object, and deleting a missing one is no error', async () => {
    const storage = bucket();
    await storage.put('avatars/7/face-64.webp', new Uint8Array([9, 9]));
    expect(await storage.get('avatars/7/face-64.webp')).toBeDefined();
    await storage.delete('avatars/7/face-64.webp');
    expect(await storage.get('avatars/7/face-64.webp')).toBeUndefined();
    await storage.delete('avatars/7/face-64.webp');
  });

  it('pings a running server, and fails within its time limit on a stopped or silent one', async () => {
    const other = await startS3Server();
    const storage = createS3Storage(other.options);
    await storage.ping();
    await other.stop();
    const started = Date.now();
    await expect(storage.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(6_000);
    // A server that takes the connection and never answers: the ping gives up by itself.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const hung = createS3Storage({ ...s3().options, endpoint: `http://127.0.0.1:${port}` });
      const asked = Date.now();
      await expect(hung.ping()).rejects.toThrow();
      expect(Date.now() - asked).toBeLessThan(8_000);
    } finally {
      silent.close();
    }
    // A bucket that does not exist on a running server is not ready either.
    await expect(createS3Storage({ ...s3().options, bucket: 'no-such-bucket' }).ping()).rejects.toThrow();
    await bucket().ping();
  });
});

describe('the configuration', () => {
  it('reads the S3 variables: keys together, an endpoint URL, a bucket for any of them', () => {
    const env = parseEnv({ S3_BUCKET: 'mavuno-uploads' });
    expect(env).toMatchObject({ S3_BUCKET: 'mavuno-uploads', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    const minio = parseEnv({
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'af-south-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(minio).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'af-south-1' });
    expect(minio.S3_FORCE_PATH_STYLE).toBe(true);
    expect(() => parseEnv({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ S3_BUCKET: 'Uploads_1' })).toThrow(EnvError);
  });

  it('stores in the bucket when S3_BUCKET is set, in DATA_DIR/uploads when it is not', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-s3-choice-'));
    const previous = replaceEnv(undefined);
    try {
      const { options } = s3();
      replaceEnv(
        parseEnv({
          ...process.env,
          DATA_DIR: dataDir,
          S3_BUCKET: options.bucket,
          S3_ENDPOINT: options.endpoint,
          S3_ACCESS_KEY_ID: options.accessKeyId,
          S3_SECRET_ACCESS_KEY: options.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        }),
      );
      installStorage(undefined);
      await getStorage().put('logos/8/chosen.png', new Uint8Array([4, 2]));
      expect((await objectOf(s3(), 'logos/8/chosen.png')).bytes).toEqual(Buffer.from([4, 2]));
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);

      replaceEnv(parseEnv({ ...process.env, DATA_DIR: dataDir }));
      installStorage(undefined);
      await getStorage().put('logos/8/local.png', new Uint8Array([4, 2]));
      expect(readFileSync(path.join(dataDir, 'uploads/logos/8/local.png'))).toEqual(Buffer.from([4, 2]));
      expect(await keysIn(s3(), 'logos/8/local')).toEqual([]);
    } finally {
      replaceEnv(previous);
      installStorage(undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('uploads served from the bucket', () => {
  // The bucket is the store; DATA_DIR is a directory of this file's, so a file written to disk would show.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-s3-data-'));
  let previous: ReturnType<typeof replaceEnv>;
  beforeAll(() => {
    previous = replaceEnv(parseEnv({ ...process.env, DATA_DIR: dataDir }));
    installStorage(bucket());
  });
  afterAll(() => {
    installStorage(undefined);
    replaceEnv(previous);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a lot photo uploaded through the API at /uploads, cached for a year', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const body = new FormData();
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6a4' } })
      .jpeg()
      .toBuffer();
    body.append('photo', new File([new Uint8Array(jpeg)], 'field.jpg'));
    const up = await postAs(silver.auth, '/board-list/upload-photo', body);
    expect(up.status).toBe(200);
    const key = `${up.json.key}-320.webp`;
    expect(await keysIn(s3(), `${up.json.key}-`)).toContain(key);

    const served = await serveUpload(key, {});
    expect(served.status).toBe(200);
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(Number(served.headers.get('Content-Length'))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('serves a chat photo to the room’s members only, and a document never at /uploads', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const body = new FormData();
    body.set('ChatRoomMessage[room_unique_key]', key);
    body.set('ChatRoomMessage[text]', '');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    body.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'maize.png');
    const posted = await postAs(buyer.auth, '/chat/post-message', body);
    expect(posted.status).toBe(201);
    const fileKey = posted.json.photo.url.replace(/^\/uploads\//, '');
    expect(await keysIn(s3(), fileKey)).toEqual([fileKey]);

    const stranger = await signedUpUser();
    expect((await serveUpload(fileKey, { bearer: stranger.access })).status).toBe(404);
    expect((await serveUpload(fileKey, {})).status).toBe(404);
    const forMember = await serveUpload(fileKey, { bearer: seller.access });
    expect(forMember.status).toBe(200);
    expect(forMember.headers.get('Cache-Control')).toMatch(/^private/);
    expect((await sharp(Buffer.from(await forMember.arrayBuffer())).metadata()).format).toBe('webp');

    // A member's document: in the bucket, read by its owner through the API, never under /uploads.
    const documentsBefore = await keysIn(s3(), 'documents/');
    const upload = new FormData();
    upload.append('document_type_id', '1');
    upload.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF')], 'id-card.pdf'));
    const doc = await postAs(seller.auth, '/user-document/upload', upload);
    expect(doc.status).toBe(200);
    const download = await apiRequest(`/user-document/download?id=${doc.json.id}`, { headers: seller.auth });
    expect(download.status).toBe(200);
    expect(download.text).toBe('%PDF-1.4\n%%EOF');
    expect((await apiRequest(`/user-document/download?id=${doc.json.id}`, { headers: stranger.auth })).status).toBe(
      404,
    );
    const added = (await keysIn(s3(), 'documents/')).filter((k) => !documentsBefore.includes(k));
    expect(added).toHaveLength(1);
    const [documentKey] = added;
    expect((await serveUpload(documentKey, { bearer: seller.access })).status).toBe(404);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });
});

describe('moving uploads from disk to the bucket', () => {
  const target = useS3Server('mavuno-move');
  const root = mkdtempSync(path.join(tmpdir(), 'mavuno-move-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'lots/3/aa11-320.webp': 'a lot photo',
    'lots/3/aa11-800.webp': 'the same photo, larger',
    'documents/5/bb22.pdf': '%PDF-1.4 a document',
    'chat/9/cc33-800.webp': 'a chat photo',
  };
  beforeAll(() => {
    for (const [key, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
      writeFileSync(path.join(root, key), content);
    }
    // Not a storage key (the app never writes one): left alone.
    writeFileSync(path.join(root, 'lots/.DS_Store'), 'x');
  });

  it('copies every file once; a second run copies none, a run after one object is lost copies just that one', async () => {
    const storage = createS3Storage(target().options);
    const first = await moveUploadsToBucket(root, storage);
    expect(first).toMatchObject({ copied: 4, alreadyThere: 0, failed: [], removed: 0, skipped: ['lots/.DS_Store'] });
    for (const [key, content] of Object.entries(files))
      expect((await objectOf(target(), key)).bytes.toString()).toBe(content);
    expect((await objectOf(target(), 'documents/5/bb22.pdf')).contentType).toBe('application/pdf');

    expect(await moveUploadsToBucket(root, storage)).toMatchObject({ copied: 0, alreadyThere: 4, failed: [] });

    await storage.delete('lots/3/aa11-800.webp');
    // An object cut short (an earlier copy broken off) is copied again too.
    await target().client.send(
      new PutObjectCommand({ Bucket: target().options.bucket, Key: 'chat/9/cc33-800.webp', Body: 'a chat' }),
    );
    const copied: string[] = [];
    const third = await moveUploadsToBucket(root, storage, {
      onFile: (key, outcome) => outcome === 'copied' && copied.push(key),
    });
    expect(third).toMatchObject({ copied: 2, alreadyThere: 2, failed: [] });
    expect(copied.sort()).toEqual(['chat/9/cc33-800.webp', 'lots/3/aa11-800.webp']);
    expect((await objectOf(target(), 'chat/9/cc33-800.webp')).bytes.toString()).toBe('a chat photo');
    // Nothing was removed from disk without --remove-local.
    for (const key of Object.keys(files)) expect(existsSync(path.join(root, key))).toBe(true);
  });

  it('reports every file as failed when the bucket cannot be reached, and removes nothing', async () => {
    const down = await startS3Server('mavuno-down');
    await down.stop();
    const report = await moveUploadsToBucket(root, createS3Storage(down.options), { removeLocal: true });
    expect(report).toMatchObject({ copied: 0, alreadyThere: 0, removed: 0 });
    expect(report.failed.map((failure) => failure.key).sort()).toEqual(Object.keys(files).sort());
    for (const key of Object.keys(files)) expect(existsSync(path.join(root, key))).toBe(true);
  });

  it('with --remove-local, deletes each file once its object is in the bucket at its size', async () => {
    const storage = createS3Storage(target().options);
    await storage.delete('documents/5/bb22.pdf');
    const report = await moveUploadsToBucket(root, storage, { removeLocal: true });
    expect(report).toMatchObject({ copied: 1, alreadyThere: 3, failed: [], removed: 4 });
    for (const [key, content] of Object.entries(files)) {
      expect(existsSync(path.join(root, key))).toBe(false);
      const head = await target().client.send(new HeadObjectCommand({ Bucket: target().options.bucket, Key: key }));
      expect(head.ContentLength).toBe(Buffer.byteLength(content));
    }
    expect(existsSync(path.join(root, 'lots/.DS_Store'))).toBe(true);
    expect(await moveUploadsToBucket(root, storage)).toMatchObject({ copied: 0, alreadyThere: 0, failed: [] });
  });

  it('moves nothing, and fails nothing, when there is no uploads directory', async () => {
    expect(await moveUploadsToBucket(path.join(root, 'missing'), createS3Storage(target().options))).toEqual({
      copied: 0,
      alreadyThere: 0,
      failed: [],
      removed: 0,
      skipped: [],
    });
  });
});
