import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyStrength } from '#shared/certificates/key-strength.ts';

const ec = (namedCurve: string) => generateKeyPairSync('ec', { namedCurve }).privateKey;

describe('keyStrength', () => {
  it.each([
    ['RSA of 2048 bits', () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, 'rsa', 2048],
    ['EC on P-256', () => ec('prime256v1'), 'ec', 256],
    ['EC on P-384', () => ec('secp384r1'), 'ec', 384],
    ['EC on P-521', () => ec('secp521r1'), 'ec', 521],
    ['Ed25519', () => generateKeyPairSync('ed25519').privateKey, 'ed25519', 256],
    ['Ed448', () => generateKeyPairSync('ed448').privateKey, 'ed448', 448],
  ])('keeps %s, with its size', (_, key, key_type, key_bits) => {
    expect(keyStrength(key())).toEqual({ ok: true, key_type, key_bits });
  });

  it.each([
    ['RSA of 1024 bits', () => generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey, 'has an RSA key of 1024 bits: at least 2048 are needed'],
    ['EC on P-192', () => ec('prime192v1'), 'has an EC key on the curve prime192v1: only P-256, P-384 and P-521 are accepted'],
    ['EC on P-224', () => ec('secp224r1'), 'has an EC key on the curve secp224r1: only P-256, P-384 and P-521 are accepted'],
    ['EC on secp256k1', () => ec('secp256k1'), 'has an EC key on the curve secp256k1: only P-256, P-384 and P-521 are accepted'],
    ['EC on brainpoolP256r1', () => ec('brainpoolP256r1'), 'has an EC key on the curve brainpoolP256r1: only P-256, P-384 and P-521 are accepted'],
    ['X25519, which only agrees keys', () => generateKeyPairSync('x25519').privateKey, 'has a key of type x25519, which cannot sign a filing'],
  ])('refuses %s', (_, key, message) => {
    expect(keyStrength(key())).toEqual({ ok: false, message });
  });
});
