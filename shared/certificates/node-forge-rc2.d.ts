// The two parts of node-forge that deciphering RC2 needs, imported alone so that a bundle carries
// them rather than the whole library (shared/certificates/pkcs12.ts).

declare module 'node-forge/lib/rc2.js' {
  import type forge from 'node-forge';
  const rc2: typeof forge.rc2;
  export default rc2;
}

declare module 'node-forge/lib/util.js' {
  import type forge from 'node-forge';
  const util: typeof forge.util;
  export default util;
}
