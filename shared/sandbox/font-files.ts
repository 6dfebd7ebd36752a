// The files of the faces the sandbox writes its documents in (shared/sandbox/fonts.ts), as
// `package/file`: read from their package at run time, shipped beside the bundles of the functions
// that write them (shared/manifest.ts), never bundled.

/** Arimo and Arimo Bold (SIL Open Font License 1.1): regular, then bold. */
export const fontFiles = ['@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf', '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'] as const;
