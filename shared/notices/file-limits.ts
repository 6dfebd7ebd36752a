/**
 * A notice's file larger than this is never passed through a function (whose answer holds at most
 * 6 MB, base64 encoded): the answer is 302 to a download URL valid for `downloadUrlSeconds`.
 */
export const inlineFileBytes = 4 * 1024 * 1024;
export const downloadUrlSeconds = 300;
