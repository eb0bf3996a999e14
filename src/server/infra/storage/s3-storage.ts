/** Objects in any S3-compatible bucket (AWS S3, MinIO, R2, …). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import {
  assertValidKey,
  isPublicKey,
  StorageError,
  type PutOptions,
  type Storage,
  type StorageBody,
  type StoredObject,
} from './storage.js';

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Many S3-compatible servers do not understand the SDK's default streaming checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async ready(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.config.bucket }));
    }
  }

  async put(key: string, body: StorageBody, options: PutOptions): Promise<void> {
    assertValidKey(key);
    if (options.overwrite === false && (await this.exists(key))) {
      throw new StorageError(`The resource already exists: ${key}`, 'already_exists');
    }
    const payload = Buffer.isBuffer(body)
      ? { Body: body, ContentLength: body.length }
      : { Body: createReadStream(body.path), ContentLength: (await stat(body.path)).size };
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        ContentType: options.contentType,
        CacheControl: options.cacheSeconds ? `public, max-age=${options.cacheSeconds}` : undefined,
        ...payload,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const stream = await this.stream(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stream(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new StorageError(`Object not found: ${key}`, 'not_found');
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) objects.push({ key: item.Key, lastModified: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((a, b) => a.key.localeCompare(b.key));
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    if (!isPublicKey(key)) throw new StorageError(`No public URL for a private object: ${key}`, 'private_key');
    const base =
      this.config.publicUrl ??
      `${this.config.endpoint ?? `https://s3.${this.config.region}.amazonaws.com`}/${this.config.bucket}`;
    return `${base.replace(/\/+$/, '')}/${key}`;
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NoSuchBucket' ||
    e?.$metadata?.httpStatusCode === 404
  );
}
