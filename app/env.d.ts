import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** CSP nonce for this response's scripts. */
    nonce: string;
    /** Client address, honouring TRUST_PROXY. */
    clientIp: string;
    /** Set when the page cache may keep this render: the document's Response passes through it (page-cache.server.ts). */
    keepPage?: (response: Response) => Response;
  }
}
