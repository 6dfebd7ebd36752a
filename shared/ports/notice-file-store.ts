/** What a file was stored as: how many bytes, and their SHA-256 (hex). */
export interface StoredFile {
  size: number;
  sha256: string;
}

/** The files of notices, in the stage bucket (encrypted with its key), under keys the notices name. */
export interface NoticeFileStore {
  /** Writes the bytes as they arrive, never holding more than a part of them in memory. */
  put(key: string, content: AsyncIterable<Uint8Array>, contentType: string): Promise<StoredFile>;
  /** The bytes as a stream, with their size; undefined when there is no such file. */
  get(key: string): Promise<{ size: number; body: AsyncIterable<Uint8Array> } | undefined>;
  /** A URL that reads the file for `seconds`, for files too large to pass through a function. */
  downloadUrl(key: string, fileName: string, seconds: number): Promise<string>;
}
