// The unit tests trust the fake in place of the DynamoDB adapter; this holds it to the same contract.

import { certificateStoreContract } from '#test/contracts/certificate-store.contract.ts';
import { MemoryCertificateStore } from '#test/fakes.ts';

certificateStoreContract('MemoryCertificateStore', () => new MemoryCertificateStore());
