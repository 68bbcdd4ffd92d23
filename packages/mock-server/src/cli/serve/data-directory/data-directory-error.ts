/** A data directory this server must not start on (another format, corrupt, locked); it is left untouched. */
export class DataDirectoryError extends Error {
  override readonly name = 'DataDirectoryError';
}
