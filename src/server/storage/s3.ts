import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Env } from '~/server/env';
import type { FileStorage } from '.';
import { contentTypeOf, isSafeStorageKey } from './keys';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, a cloud's own); unset: AWS for the region. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, the instance's or container's role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what MinIO-like servers answer. */
  forcePathStyle: boolean;
}

/** A bucket is a FileStorage that can also tell an object's size without reading it (src/server/storage/move-uploads.ts). */
export interface S3FileStorage extends FileStorage {
  /** The stored object's size in bytes, or undefined when there is none. */
  sizeOf(key: string): Promise<number | undefined>;
}

/** The bucket named by the configuration (S3_* in src/server/env.ts). */
export function s3OptionsOf(env: Env): S3StorageOptions {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/**
 * A dead store must fail a request, not hold it: a connection is given 3 s, an answer's headers 10 s (a put also
 * 1 s for each MiB it sends, so a 50 MiB deal document has a minute), and an open connection on which nothing
 * moves for 15 s is dropped, also while a file streams to a member. The SDK's 3 attempts stay.
 */
const CONNECTION_TIMEOUT_MS = 3_000;
const ANSWER_TIMEOUT_MS = 10_000;
const IDLE_SOCKET_TIMEOUT_MS = 15_000;
/** The readiness check answers within this, however many attempts the SDK would make. */
const PING_TIMEOUT_MS = 5_000;

const isMissing = (error: unknown) => {
  const failure = error as Partial<S3ServiceException> | undefined;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects in an S3-compatible bucket, under the same keys as on disk. The bucket stays private: every file
 * reaches a browser through /uploads or an access-checked endpoint of the app (src/server/http/serve-upload.ts),
 * never by a bucket URL. The SDK (some 140 ms and 30 MiB to load) is loaded on first use, so a process on local disk
 * never loads it.
 */
export function createS3Storage(options: S3StorageOptions): S3FileStorage {
  const { bucket } = options;
  let connected: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () => {
    connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
        requestHandler: {
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          requestTimeout: ANSWER_TIMEOUT_MS,
          throwOnRequestTimeout: true,
          socketTimeout: IDLE_SOCKET_TIMEOUT_MS,
        },
      }),
    }));
    return connected;
  };
  const checked = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return key;
  };
  return {
    async put(key, bytes) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: bucket, Key: checked(key), Body: bytes, ContentType: contentTypeOf(key) }),
        { requestTimeout: ANSWER_TIMEOUT_MS + Math.ceil(bytes.byteLength / 1024 / 1024) * 1_000 },
      );
    },
    async get(key) {
      if (!isSafeStorageKey(key)) return undefined;
      const { client, sdk } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) throw new Error(`S3 answered ${key} without a body`);
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
    async ping() {
      const { client, sdk } = await connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
    },
    async sizeOf(key) {
      const { client, sdk } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: checked(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
  };
}
