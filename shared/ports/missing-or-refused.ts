/**
 * A store that may not list what it holds cannot tell a missing object from one it may not read: S3
 * answers both AccessDenied to a caller without s3:ListBucket, which no function of a stage has.
 * Its `get` throws this where S3 answers so; the caller decides when to take it for missing.
 */
export class MissingOrRefused extends Error {}
