import { loadConfig, loadS3Settings } from '../../src/config';

const bucket = { S3_BUCKET: 'evshop-uploads', S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'AKIA7Q2XK9', S3_SECRET_ACCESS_KEY: 'b3Jx9fQk2LmN7pR4tV8wZ1cE5gH0jS6u' };

describe('the S3_* settings', () => {
  it('leave the files in UPLOAD_DIR when S3_BUCKET is unset (npm start)', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
  });

  it('name the bucket, with path-style addressing by default when an endpoint is given', () => {
    expect(loadS3Settings(bucket, 'production')).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'evshop-uploads',
      region: 'us-east-1',
      accessKeyId: 'AKIA7Q2XK9',
      secretAccessKey: 'b3Jx9fQk2LmN7pR4tV8wZ1cE5gH0jS6u',
      forcePathStyle: true,
    });
    expect(loadS3Settings({ ...bucket, S3_ENDPOINT: '', S3_REGION: 'ap-southeast-1' }, 'production')).toMatchObject({ endpoint: null, region: 'ap-southeast-1', forcePathStyle: false });
  });

  it('refuse a half-given configuration with the setting to fix', () => {
    expect(() => loadS3Settings({ S3_ENDPOINT: 'http://minio:9000' }, 'development')).toThrow('S3_BUCKET must be set with S3_ENDPOINT');
    expect(() => loadS3Settings({ S3_BUCKET: 'evshop-uploads' }, 'development')).toThrow('S3_ACCESS_KEY_ID must be set with S3_BUCKET');
    expect(() => loadS3Settings({ ...bucket, S3_BUCKET: 'Not_A_Bucket' }, 'development')).toThrow('S3_BUCKET must be a bucket name');
    expect(() => loadS3Settings({ ...bucket, S3_ENDPOINT: 'minio:9000' }, 'development')).toThrow('S3_ENDPOINT must be an http(s) URL');
    expect(() => loadS3Settings({ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, 'development')).toThrow('S3_FORCE_PATH_STYLE must be true or false');
  });

  it("refuse MinIO's default and placeholder keys in production only", () => {
    const minio = { ...bucket, S3_ACCESS_KEY_ID: 'minioadmin', S3_SECRET_ACCESS_KEY: 'minioadmin' };
    expect(() => loadS3Settings(minio, 'production')).toThrow('S3_ACCESS_KEY_ID looks like a default or placeholder credential');
    expect(() => loadS3Settings({ ...bucket, S3_SECRET_ACCESS_KEY: 'change-me-please' }, 'production')).toThrow('S3_SECRET_ACCESS_KEY looks like');
    expect(() => loadS3Settings({ ...bucket, S3_SECRET_ACCESS_KEY: 'evshop-dev-minio-password' }, 'production')).toThrow('S3_SECRET_ACCESS_KEY looks like');
    expect(() => loadS3Settings({ ...bucket, S3_SECRET_ACCESS_KEY: 'k9Vq2xR7' }, 'production')).toThrow('S3_SECRET_ACCESS_KEY is shorter than 16 characters');
    expect(loadS3Settings(minio, 'development')?.accessKeyId).toBe('minioadmin');
  });
});
