/** The owner's sign-in: the user, sessions, two-step recovery codes, passkeys and their challenges. */
import { sql } from "drizzle-orm";
import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
  /** Base32 TOTP secret; the server must read it back, so it is kept as is (decision 026). */
  totpSecret: text("totp_secret"),
  /** Null while two-step codes are off, even with a secret pending confirmation. */
  totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
  /** The secret shown on the account page, waiting for its first code. */
  totpPendingSecret: text("totp_pending_secret"),
  /** The 30-second step of the last code accepted: a code of this step or an earlier one is refused. */
  totpLastStep: integer("totp_last_step"),
});

/** One-time recovery codes for two-step sign-in, kept as SHA-256 hashes (decision 027). */
export const recoveryCodes = sqliteTable("recovery_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull().unique(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's session id; the raw id lives only in the signed cookie. */
    cookieHash: text("cookie_hash").notNull().unique(),
    /** SHA-256 of the client token kept in the browser's localStorage. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Sliding: pushed forward on use, never past absoluteExpiresAt. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    absoluteExpiresAt: integer("absolute_expires_at", { mode: "timestamp_ms" }).notNull(),
    /** The device list's facts (account page); null for sessions opened before they were kept. */
    userAgent: text("user_agent"),
    /** The address that signed in (TRUST_PROXY decides which one that is). */
    ip: text("ip"),
    /** Written at most every few minutes (auth.server.ts), so reads stay reads. */
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** The owner's passkeys (WebAuthn credentials, record 028); each signs in on its own. */
export const passkeys = sqliteTable("passkeys", {
  /** The credential id, base64url, as the authenticator names it. */
  id: text("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The COSE public key the authenticator gave at registration. */
  publicKey: blob("public_key", { mode: "buffer" }).notNull(),
  /** The authenticator's signature counter; a sign-in that does not raise it (when it counts) is refused. */
  counter: integer("counter").notNull(),
  /** How the browser may reach the authenticator ("internal", "usb", "hybrid"...), as JSON. */
  transports: text("transports", { mode: "json" }).$type<string[]>().notNull(),
  /** The owner's name for it: "MacBook", "Phone". */
  name: text("name").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
});
