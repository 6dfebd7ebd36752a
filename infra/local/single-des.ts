// s3rver writes a listing's continuation token with single DES, which OpenSSL 3 offers only through
// its legacy provider: without this, every listing of more than 1,000 objects failed, and with it the
// start of a runtime whose data held that many submissions (the sweep lists them). Triple DES with
// one key taken three times is single DES, so the tokens come out as s3rver meant them. Only the
// stand-ins' thread calls this: node:crypto is a module of its own in every thread.

import crypto from 'node:crypto';

const singleDes = 'des';
const asTripleDes = (key: crypto.CipherKey) => Buffer.concat(Array(3).fill(Buffer.from(key as Uint8Array)));

export function offerSingleDes(): void {
  const { createCipheriv, createDecipheriv } = crypto;
  const pick = (algorithm: string, key: crypto.CipherKey): [string, crypto.CipherKey] =>
    algorithm === singleDes ? ['des-ede3-cbc', asTripleDes(key)] : [algorithm, key];
  crypto.createCipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
    createCipheriv(...pick(algorithm, key), iv, options)) as typeof createCipheriv;
  crypto.createDecipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
    createDecipheriv(...pick(algorithm, key), iv, options)) as typeof createDecipheriv;
}
