/** A setting that cannot be used: server.js prints its message as one line and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
