import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce for this response's scripts. */
    nonce: string;
    /** Client address, honouring TRUST_PROXY. */
    clientIp: string;
  }
}
