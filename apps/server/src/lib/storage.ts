/**
 * Private file storage for identity documents: a local folder under DATA_DIR by default, an
 * S3-compatible bucket when S3_* is configured. Files are never served publicly: routes read them
 * after checking who asks.
 */
import { mkdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config';

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface FileStorage {
  kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /**
   * Whether a new file fits now (a local folder with at least `minFreeBytes` free); a bucket is
   * not asked (its failures are seen when a write fails).
   */
  hasRoom?(minFreeBytes?: number): Promise<boolean>;
}

/** Below this much free space the upload folder counts as full in /api/ready. */
export const MIN_FREE_STORAGE_BYTES = 1024 * 1024;

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]{0,200}$/;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): FileStorage {
  return {
    kind: 'local',
    async put(key, data, contentType) {
      checkKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
      await writeFile(`${file}.type`, contentType, { mode: 0o600 });
    },
    async get(key) {
      checkKey(key);
      const file = path.join(root, key);
      try {
        const [data, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}.type`, 'utf8'),
        ]);
        return { data, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      checkKey(key);
      const file = path.join(root, key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async hasRoom(minFreeBytes = MIN_FREE_STORAGE_BYTES) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const fs = await statfs(root);
      return fs.bavail * fs.bsize >= minFreeBytes;
    },
  };
}

export function createS3Storage(s3: NonNullable<Config['s3']>): FileStorage {
  // The SDK weighs ~20 MB of memory: loaded on the first file operation, not at start.
  let loading: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | undefined;
  const connect = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      }),
    })));
  return {
    kind: 's3',
    async put(key, data, contentType) {
      checkKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ...(s3.sse ? { ServerSideEncryption: s3.sse.algorithm } : {}),
          ...(s3.sse?.kmsKeyId ? { SSEKMSKeyId: s3.sse.kmsKeyId } : {}),
        }),
      );
    },
    async get(key) {
      checkKey(key);
      const { client, sdk } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        if (!out.Body) return null;
        const bytes = await out.Body.transformToByteArray();
        return {
          data: Buffer.from(bytes),
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          return null;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
  };
}

export function createStorage(config: Config): FileStorage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(path.join(config.dataDir, 'private'));
}
