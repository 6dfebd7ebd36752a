// The ASN.1 structures of a PKCS#12 container's encryptions that the @peculiar packages do not
// declare, declared with their schema library: CMS EncryptedData (RFC 5652 § 8), the PBES2 and
// PBKDF2 parameters (RFC 8018 appendix A) and PKCS#12's own PBE parameters (RFC 7292 appendix C).
// Integers that count iterations are read as bigints, so that no count is cut before the cap sees it.

import { EncryptedContentInfo } from '@peculiar/asn1-cms';
import { AsnConvert, AsnIntegerBigIntConverter, AsnProp, AsnPropTypes, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';

export class EncryptedData {
  version = 0;
  encryptedContentInfo = new EncryptedContentInfo();
}
AsnProp({ type: AsnPropTypes.Integer })(EncryptedData.prototype, 'version');
AsnProp({ type: EncryptedContentInfo })(EncryptedData.prototype, 'encryptedContentInfo');

export class Pbes2Params {
  keyDerivationFunc = new AlgorithmIdentifier();
  encryptionScheme = new AlgorithmIdentifier();
}
AsnProp({ type: AlgorithmIdentifier })(Pbes2Params.prototype, 'keyDerivationFunc');
AsnProp({ type: AlgorithmIdentifier })(Pbes2Params.prototype, 'encryptionScheme');

/** Its salt `specified` only: a salt from another source is not read. */
export class Pbkdf2Params {
  salt = new OctetString();
  iterationCount = 0n;
  keyLength?: number;
  prf?: AlgorithmIdentifier;
}
AsnProp({ type: OctetString })(Pbkdf2Params.prototype, 'salt');
AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerBigIntConverter })(Pbkdf2Params.prototype, 'iterationCount');
AsnProp({ type: AsnPropTypes.Integer, optional: true })(Pbkdf2Params.prototype, 'keyLength');
AsnProp({ type: AlgorithmIdentifier, optional: true })(Pbkdf2Params.prototype, 'prf');

export class Pkcs12PbeParams {
  salt = new OctetString();
  iterations = 0n;
}
AsnProp({ type: OctetString })(Pkcs12PbeParams.prototype, 'salt');
AsnProp({ type: AsnPropTypes.Integer, converter: AsnIntegerBigIntConverter })(Pkcs12PbeParams.prototype, 'iterations');

/** `bytes` read as `type`; throws when they are not its DER. */
export const parsed = <T>(bytes: ArrayBuffer | ArrayBufferView | undefined | null, type: new () => T): T => {
  if (!bytes) throw new Error('no value to read');
  return AsnConvert.parse(bytes, type);
};

/** An OCTET STRING's bytes. */
export const octets = (value: OctetString) => new Uint8Array(value.buffer);
