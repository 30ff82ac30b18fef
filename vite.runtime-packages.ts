/**
 * The packages the server and script builds leave to `node_modules` (record 060); they bundle every other one. Node
 * then loads a few large files instead of hundreds of small ones, which is most of a start (every test server's, the
 * container's). These are the runtime dependencies:
 * - native ones, which cannot be bundled;
 * - bcryptjs, whose file the password workers load by its path (hash-pool.server.ts);
 * - the optional ones, imported only when configured, which `optional-libraries.test.ts` sees being loaded or not.
 */
export const RUNTIME_PACKAGES = [
  "better-sqlite3",
  "sharp",
  "bcryptjs",
  "libheif-js",
  "@aws-sdk/client-s3",
  "@aws-sdk/lib-storage",
  "@simplewebauthn/server",
  "nodemailer",
];
