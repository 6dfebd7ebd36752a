import { randomBytes } from 'node:crypto';

// 16 random bytes in base64url, like ticket IDs: opaque, and refused by shape alone.
export const certificateIdPattern = /^crt_[A-Za-z0-9_-]{22}$/;
export const newCertificateId = () => `crt_${randomBytes(16).toString('base64url')}`;
