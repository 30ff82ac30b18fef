/**
 * A software authenticator for the passkey tests: an ES256 key pair made with
 * node:crypto, "none" attestation in CBOR, and authenticator data with the UP
 * and UV flags and a signature counter, as a platform authenticator answers.
 * Its answers are the JSON @simplewebauthn/browser would send.
 */
import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => crypto.createHash("sha256").update(bytes).digest();

/** What a ceremony may be made to get wrong. */
export interface CeremonyOverrides {
  origin?: string;
  rpID?: string;
  /** Leave out user verification (UV). */
  unverified?: boolean;
  /** Sign with this counter instead of the next one. */
  counter?: number;
  type?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle: string | undefined;

  /** `origin` is where the "browser" runs; the RP ID is taken from the options unless overridden. */
  constructor(private readonly origin: string) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
  }

  private authenticatorData(rpID: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    const origin = overrides.origin ?? this.origin;
    return Buffer.from(JSON.stringify({ type: overrides.type ?? type, challenge, origin, crossOrigin: false }));
  }

  private flags(overrides: CeremonyOverrides): number {
    return FLAG_UP | (overrides.unverified ? 0 : FLAG_UV);
  }

  /** Answers registration options (`navigator.credentials.create`). */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    overrides: CeremonyOverrides = {},
  ) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const rpID = overrides.rpID ?? options.rp.id!;
    const authData = this.authenticatorData(rpID, this.flags(overrides) | FLAG_AT, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, overrides)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** Answers sign-in options (`navigator.credentials.get`), counting one more use unless told a counter. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: CeremonyOverrides = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const rpID = overrides.rpID ?? options.rpId!;
    const authData = this.authenticatorData(rpID, this.flags(overrides), this.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, overrides);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
